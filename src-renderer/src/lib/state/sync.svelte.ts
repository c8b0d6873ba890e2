import type { OutboxOpView, SyncLogEntry, SyncStatus } from '@preload/bridge';
import { errorMessage, invoke } from '../bridge';

/** What a row says now: its state, its tries, its error. */
function rowKey(op: OutboxOpView): string {
  return `${op.state}\n${op.attempts}\n${op.error ?? ''}`;
}

export class SyncState {
  status = $state<SyncStatus | null>(null);
  outbox = $state<OutboxOpView[]>([]);
  log = $state<SyncLogEntry[]>([]);
  error = $state<string | null>(null);
  /** Per outbox op: the message of a retry that failed. */
  opErrors = $state<Record<string, string>>({});
  busy = $state(false);
  /** Bumped (at most every quarter second) while items change: the outbox view reloads on it. */
  changes = $state(0);
  private changeTimer: ReturnType<typeof setTimeout> | null = null;
  /** What each op's retry error was said about: an error goes once its op has moved on. */
  private errorFor: Record<string, string> = {};

  async load(): Promise<void> {
    try {
      this.status = await invoke('sync.status');
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  apply(status: SyncStatus): void {
    this.status = status;
  }

  /** `settled`: resolves once a title just finished in the editor has reached the core. */
  constructor(private readonly settled: () => Promise<void> = () => Promise.resolve()) {}

  async syncNow(): Promise<void> {
    this.busy = true;
    try {
      // A title left for Sync now (the press took the caret from it) goes with this sync.
      await this.settled();
      this.status = await invoke('sync.now');
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
    }
  }

  /** An item changed (a sync, an edit): the outbox's rows may say something else now. */
  itemChanged(): void {
    if (this.changeTimer !== null) return;
    this.changeTimer = setTimeout(() => {
      this.changeTimer = null;
      this.changes++;
    }, 250);
  }

  async loadOutbox(): Promise<void> {
    try {
      const [ops, log] = await Promise.all([invoke('outbox.list'), invoke('sync.log', { limit: 200 })]);
      this.outbox = ops;
      this.log = log;
      this.error = null;
      // A retry's error is about the row as it was then: gone once the row has moved on.
      for (const id of Object.keys(this.opErrors)) {
        const op = ops.find((o) => o.id === id);
        if (!op || rowKey(op) !== this.errorFor[id]) {
          delete this.opErrors[id];
          delete this.errorFor[id];
        }
      }
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  async retry(opId: string): Promise<void> {
    await this.#settle(opId, () => invoke('outbox.retry', { id: opId }));
  }

  /** Drops a change the service refused; the item shows what the service holds again. */
  async discard(opId: string): Promise<void> {
    await this.#settle(opId, () => invoke('outbox.discard', { id: opId }));
  }

  /** Names the look-alike that is Outpost's own, or none (`null`: it is created anew). */
  async adopt(opId: string, serverId: string | null): Promise<void> {
    await this.#settle(opId, () => invoke('outbox.adopt', { id: opId, serverId }));
  }

  async #settle(opId: string, action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
      delete this.opErrors[opId];
      await this.loadOutbox();
    } catch (error) {
      this.opErrors[opId] = errorMessage(error);
      const op = this.outbox.find((o) => o.id === opId);
      if (op) this.errorFor[opId] = rowKey(op);
    }
  }

  async setPaused(paused: boolean): Promise<void> {
    try {
      this.status = await invoke(paused ? 'sync.pause' : 'sync.resume');
    } catch (error) {
      this.error = errorMessage(error);
    }
  }
}
