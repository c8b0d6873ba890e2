// The core on a thread of its own, seen from the host's thread as the same AppCore: commands go
// over the worker's port with a request id and come back as the same envelopes, events (a
// message of them per turn of the core's thread) are relayed to every listener one by one, the
// token is answered from the host's secret store. The thread starts at once, before the host
// knows where its tokens live (the keychain's probe, which a Secret Service waking on D-Bus can
// make slow): it loads the core's code and checks the database meanwhile, and opens its core on
// the first message, `begin`, sent once the host's store is known. If the thread dies, what was
// asked of it answers a plain error at once, the window is told in words, and a new thread
// starts; nothing is sent again from here (the outbox's claim-before-send and compare-and-set
// settle make the new core's first sync safe, as after any start).
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type {
  BridgeErrorInfo,
  BridgeEvent,
  BridgeResult,
  CommandName,
  CommandResult,
  DataStatus,
  SyncStatus,
} from '@preload/bridge';
import { problemText } from '@preload/words/data';
import type { AppCore, Logger, SyncTrigger } from '../core/ports';
import {
  asEvent,
  asResult,
  fromCoreSchema,
  isCommandName,
  type CoreThreadOptions,
  type FromCore,
  type ToCore,
} from './messages';
import { CommandCount } from './command-count';
import { HostSecretsKeeper, type HostSecrets } from './port-secrets';
import { RESTART_DELAYS_MS, STOPPED_WORDS, defaultCoreWorkerFile } from './thread-life';
import { messageOf } from '../core/error-message';

export type { HostSecrets } from './port-secrets';

export interface CoreThreadStart {
  /** The core's options, plain values. */
  options: Omit<CoreThreadOptions, 'syncLease' | 'commandCount'>;
  /**
   * Where tokens are kept. It may still be on its way: the thread starts meanwhile and opens its
   * core once it is known; if it fails, the core does not start, with its words.
   */
  secrets: HostSecrets | Promise<HostSecrets>;
  logger?: Logger;
  /** The worker's script; default the built `core-worker.js` beside the host. */
  workerFile?: string | URL;
}

type Answer = Extract<FromCore, { kind: 'answer' | 'synced' | 'syncFailed' }>;
interface Waiting {
  answered(message: Answer): void;
  /** The thread died or refused to answer: the words to answer with. */
  lost(error: BridgeErrorInfo): void;
}
interface Life {
  worker: Worker;
  /** Its core's name in the sync lease: once the thread is dead, the next one takes the lease over. */
  leaseId: string;
  /** True once the core on it has opened; false if it never will. */
  ready: Promise<boolean>;
  readyAt: number | null;
  waiting: Map<number, Waiting>;
  /** Its commands posted and not yet taken up (a thread's own: a dead one's stay uncounted). */
  commands: CommandCount;
  /** Resolves once the thread has ended (at once for one that has). */
  exited: Promise<void>;
}

const silent: Logger = { info() {}, warn() {}, error() {} };
const lostWords: BridgeErrorInfo = { code: 'core_restarting', message: STOPPED_WORDS };

/** Starts the core's thread and resolves once its core has opened (rejects if it cannot). */
export async function startCoreThread(start: CoreThreadStart): Promise<ThreadedCore> {
  const core = new ThreadedCore(start);
  await core.opened();
  return core;
}

export class ThreadedCore implements AppCore {
  readonly #start: CoreThreadStart;
  readonly #logger: Logger;
  readonly #listeners = new Set<(event: BridgeEvent) => void>();
  #life: Life;
  /** The life commands go to: the current one once ready, or the next one while it starts. */
  #readyLife: Promise<Life | null>;
  #status: SyncStatus | null = null;
  #dataStatus: DataStatus | null = null;
  #online: boolean | null = null;
  #nextId = 0;
  #restartsInARow = 0;
  #restartTimer: NodeJS.Timeout | null = null;
  /** Answers the commands waiting for a restart that will not come (the core is closing). */
  #cancelRestart: (() => void) | null = null;
  #closing: Promise<void> | null = null;
  /** The lease names of this host's threads that died (the newest few: one of them may hold it). */
  #deadLeaseIds: string[] = [];
  /** Where tokens are kept, as it arrives, across every life of the thread. */
  readonly #secrets: HostSecretsKeeper;

  constructor(start: CoreThreadStart) {
    this.#start = start;
    this.#logger = start.logger ?? silent;
    this.#secrets = new HostSecretsKeeper(start.secrets);
    this.#life = this.#begin();
    this.#readyLife = this.#whenReady(this.#life);
    this.#firstLife = this.#life;
  }

  /** The first thread: whether its core opened decides whether the core could start at all. */
  readonly #firstLife: Life;

  /**
   * Resolves once the first core has opened; rejects with its words if it could not (the thread
   * is then not started again, however late this is asked).
   */
  async opened(): Promise<void> {
    if (await this.#firstLife.ready) return;
    await this.close(0);
    throw new Error(this.#startFailure ?? 'The core stopped before it opened.');
  }
  #startFailure: string | null = null;

  async invoke<C extends CommandName>(command: C, payload: unknown): Promise<BridgeResult<CommandResult<C>>> {
    if (!isCommandName(String(command)))
      return {
        ok: false,
        error: { code: 'unknown_command', message: `Unknown command: ${String(command).slice(0, 100)}` },
      };
    if (this.#closing)
      return { ok: false, error: { code: 'internal', message: 'Outpost is shutting down.' } };
    const life = await this.#readyLife;
    if (life === null || this.#closing) return { ok: false, error: lostWords };
    return new Promise((resolve) => {
      const sent = this.#send(life, (id) => ({ kind: 'invoke', id, command, payload }), {
        answered: (m) =>
          resolve(
            m.kind === 'answer' ? asResult<CommandResult<C>>(m.result) : { ok: false, error: lostWords },
          ),
        lost: (error) => resolve({ ok: false, error }),
      });
      if (!sent)
        resolve({
          ok: false,
          error: { code: 'invalid_payload', message: `${command}: the payload is not plain data.` },
        });
    });
  }

  subscribe(listener: (event: BridgeEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async syncNow(trigger: SyncTrigger): Promise<SyncStatus> {
    const life = this.#closing ? null : await this.#readyLife;
    if (life === null) throw new Error(STOPPED_WORDS);
    return new Promise((resolve, reject) => {
      this.#send(life, (id) => ({ kind: 'syncNow', id, trigger }), {
        answered: (m) =>
          m.kind === 'synced'
            ? resolve(m.status)
            : reject(new Error(m.kind === 'syncFailed' ? m.message : STOPPED_WORDS)),
        lost: (error) => reject(new Error(error.message)),
      });
    });
  }

  setOnline(online: boolean): void {
    this.#online = online;
    if (this.#life.readyAt !== null)
      this.#life.worker.postMessage({ kind: 'setOnline', online } satisfies ToCore);
  }

  /** The last status the core's thread reported (the core sends one whenever it changes). */
  status(): SyncStatus {
    if (this.#status === null) throw new Error('The core has not opened yet.');
    return this.#status;
  }

  /** Ends the core's thread at once, as a crash would; a new one starts as after any crash. */
  async terminateThread(): Promise<void> {
    await this.#life.worker.terminate();
  }

  close(graceMs = 2_000): Promise<void> {
    this.#closing ??= (async () => {
      // A thread waiting to be started again is not: what waits for it is answered now.
      if (this.#restartTimer) clearTimeout(this.#restartTimer);
      this.#restartTimer = null;
      this.#cancelRestart?.();
      const { worker, exited } = this.#life;
      worker.postMessage({ kind: 'close', graceMs } satisfies ToCore);
      // The core waits up to graceMs for a request in flight; past that and a margin, it is ended.
      const timer = setTimeout(() => void worker.terminate(), graceMs + 5_000);
      await exited;
      clearTimeout(timer);
    })();
    return this.#closing;
  }

  // --- one life of the thread -----------------------------------------------------------

  #begin(): Life {
    const file = this.#start.workerFile ?? defaultCoreWorkerFile();
    const leaseId = randomUUID();
    const commands = new CommandCount();
    const workerData: CoreThreadOptions = {
      ...this.#start.options,
      syncLease: { me: leaseId, gone: this.#deadLeaseIds },
      commandCount: commands.buffer,
    };
    const worker = new Worker(file, { workerData });
    let settle!: (ready: boolean) => void;
    const life: Life = {
      worker,
      leaseId,
      ready: new Promise((r) => (settle = r)),
      readyAt: null,
      waiting: new Map(),
      commands,
      exited: new Promise((r) => worker.once('exit', () => r())),
    };
    worker.on('message', (raw: unknown) => this.#received(life, raw, settle));
    worker.on('error', (error) => this.#logger.error('the core thread failed', { message: error.message }));
    worker.on('exit', (code) => {
      settle(false);
      this.#ended(life, code);
    });
    // The core opens on `begin`: where tokens are kept now, and the words the window shows about it.
    void this.#secrets.settled.then(() => {
      const begin = this.#secrets.begin();
      if (begin === null) {
        this.#startFailure = this.#secrets.failure;
        this.#logger.error('the core cannot open', { message: this.#startFailure });
        return void worker.terminate();
      }
      if (this.#life === life) worker.postMessage(begin);
    });
    return life;
  }

  async #whenReady(life: Life): Promise<Life | null> {
    return (await life.ready) ? life : null;
  }

  #received(life: Life, raw: unknown, settle: (ready: boolean) => void): void {
    const parsed = fromCoreSchema.safeParse(raw);
    if (!parsed.success) return this.#refused(life, raw);
    const message = parsed.data;
    switch (message.kind) {
      case 'ready':
        life.readyAt = Date.now();
        this.#status = message.status;
        if (this.#online !== null)
          life.worker.postMessage({ kind: 'setOnline', online: this.#online } satisfies ToCore);
        settle(true);
        return;
      case 'startFailed':
        this.#startFailure = message.message;
        this.#logger.error('the core could not open', { message: message.message });
        return;
      case 'answer':
      case 'synced':
      case 'syncFailed': {
        const waiting = life.waiting.get(message.id);
        life.waiting.delete(message.id);
        return waiting?.answered(message);
      }
      case 'events':
        for (const event of message.events) this.#relay(asEvent(event));
        return;
      case 'secret':
        void this.#secrets.answer(message)?.then((answer) => {
          if (this.#life === life) life.worker.postMessage(answer);
        });
        return;
      case 'closed':
        return;
    }
  }

  /** A message that is not what the core's thread sends: dropped; a command it names answers an error. */
  #refused(life: Life, raw: unknown): void {
    this.#logger.warn('a message from the core thread was refused');
    const id = (raw as { id?: unknown } | null)?.id;
    const waiting = typeof id === 'number' ? life.waiting.get(id) : undefined;
    if (waiting === undefined) return;
    life.waiting.delete(id as number);
    waiting.lost({
      code: 'internal',
      message: 'The core answered in a form Outpost does not accept; nothing was changed by this window.',
    });
  }

  #relay(event: BridgeEvent): void {
    if (event.name === 'syncStatus') this.#status = event.data;
    if (event.name === 'dataStatus') this.#dataStatus = event.data;
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#logger.warn('an event listener threw', {
          message: messageOf(error),
        });
      }
    }
  }

  /** Posts a request; false when it cannot be posted (a payload that is not plain data). */
  #send(life: Life, message: (id: number) => ToCore, waiting: Waiting): boolean {
    const id = this.#nextId++;
    const sending = message(id);
    // Counted before it is posted: the core's thread may take it up before postMessage returns.
    const command = sending.kind === 'invoke';
    if (command) life.commands.sent();
    try {
      life.worker.postMessage(sending);
    } catch {
      if (command) life.commands.withdrawn();
      return false;
    }
    life.waiting.set(id, waiting);
    return true;
  }

  #ended(life: Life, code: number): void {
    for (const waiting of life.waiting.values()) waiting.lost(lostWords);
    life.waiting.clear();
    if (this.#closing || this.#life !== life) return;
    // A core that never opened is not restarted: `opened()` says why it could not start.
    if (life === this.#firstLife && life.readyAt === null) {
      this.#readyLife = Promise.resolve(null);
      return;
    }
    this.#deadLeaseIds = [...this.#deadLeaseIds.slice(-9), life.leaseId];
    const lived = life.readyAt === null ? 0 : Date.now() - life.readyAt;
    this.#restartsInARow = lived > 30_000 ? 0 : this.#restartsInARow + 1;
    this.#logger.error('the core thread stopped; starting it again', {
      code,
      restartsInARow: this.#restartsInARow,
    });
    this.#relay({
      name: 'dataStatus',
      data: {
        dataDir: this.#start.options.dataDir,
        notice: this.#dataStatus?.notice ?? null,
        problem: {
          kind: 'core_restarting',
          text: problemText('core_restarting', this.#start.options.dataDir),
        },
      },
    });
    const delay = RESTART_DELAYS_MS[Math.min(this.#restartsInARow, RESTART_DELAYS_MS.length) - 1] ?? 0;
    this.#readyLife = new Promise<Life | null>((resolve) => {
      this.#cancelRestart = () => resolve(null);
      this.#restartTimer = setTimeout(() => {
        this.#restartTimer = null;
        if (this.#closing) return resolve(null);
        this.#life = this.#begin();
        void this.#whenReady(this.#life).then((ready) => {
          resolve(ready);
          if (ready) void this.#afterRestart(ready);
        });
      }, delay);
    });
  }

  /** The new core's own word on the folder clears the window's "restarting", then it syncs as after any start. */
  async #afterRestart(life: Life): Promise<void> {
    const answer = await this.invoke('data.status', undefined);
    if (answer.ok && this.#life === life) this.#relay({ name: 'dataStatus', data: answer.value });
    this.syncNow('start').catch((error: unknown) =>
      this.#logger.warn('the sync after a restart failed', {
        message: messageOf(error),
      }),
    );
  }
}
