import type { OutboxOpView, SyncLogEntry, SyncStatus } from '../../../../src-preload/bridge';
import { errorMessage, invoke } from '../bridge';

/** What the outbox and the sync log name an item by: its post's title and its variants' platforms. */
export interface PostInfo {
  title: string;
  /** Platform of each variant, by variant id. */
  platforms: Record<string, string>;
}

/** At most this many posts are read per outbox load (the rest are named on a later one). */
const DESCRIBE_BATCH = 40;

export class SyncState {
  status = $state<SyncStatus | null>(null);
  outbox = $state<OutboxOpView[]>([]);
  log = $state<SyncLogEntry[]>([]);
  error = $state<string | null>(null);
  /** Per outbox op: the message of a retry that failed. */
  opErrors = $state<Record<string, string>>({});
  busy = $state(false);
  /**
   * Post titles and variant platforms for the outbox and the log. The bridge's outbox and log
   * entries carry only ids, so each post is read once with `posts.get` (null: it could not be).
   */
  postInfo = $state<Record<string, PostInfo | null>>({});
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not view state
  private describing = new Set<string>();

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

  async syncNow(): Promise<void> {
    this.busy = true;
    try {
      this.status = await invoke('sync.now');
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
    }
  }

  async loadOutbox(): Promise<void> {
    try {
      const [ops, log] = await Promise.all([invoke('outbox.list'), invoke('sync.log', { limit: 200 })]);
      this.outbox = ops;
      this.log = log;
      this.error = null;
      void this.describe([
        ...ops.filter((o) => o.state !== 'done').map((o) => ({ postId: o.postId, variantId: o.variantId })),
        ...log.map((e) => ({ postId: e.postId, variantId: e.variantId })),
      ]);
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  /** Forgets the names read so far (titles may have changed since). */
  forgetPosts(): void {
    this.postInfo = {};
  }

  /** Reads the posts these items belong to, when not known yet (or a variant is new to us). */
  async describe(items: { postId: string | null; variantId: string | null }[]): Promise<void> {
    const wanted: string[] = [];
    for (const { postId, variantId } of items) {
      if (!postId || wanted.includes(postId) || this.describing.has(postId)) continue;
      const known = this.postInfo[postId];
      const missing =
        known === undefined || (known !== null && variantId !== null && !(variantId in known.platforms));
      if (missing) wanted.push(postId);
      if (wanted.length >= DESCRIBE_BATCH) break;
    }
    await Promise.all(
      wanted.map(async (id) => {
        this.describing.add(id);
        try {
          const post = await invoke('posts.get', { id });
          this.postInfo[id] = {
            title: post.title,
            platforms: Object.fromEntries(post.variants.map((v) => [v.id, v.platform])),
          };
        } catch {
          this.postInfo[id] = null;
        } finally {
          this.describing.delete(id);
        }
      }),
    );
  }

  async retry(opId: string): Promise<void> {
    try {
      await invoke('outbox.retry', { id: opId });
      delete this.opErrors[opId];
      await this.loadOutbox();
    } catch (error) {
      this.opErrors[opId] = errorMessage(error);
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
