// The push: turns the outbox into requests. Ops of one post run in order; posts run
// concurrently, bounded. Each op is claimed (`sending` committed) before its request leaves,
// sent by its kind's runner, and settled through the op store. This file is the pass: it lists
// the outbox, gives each op its turn (turn.ts), applies the settlements the turn yields, and
// decides what they mean for the rest of the pass (a stop, a workspace held, a time to wake up).
import type { ServiceClient } from '../../api/client';
import { eachBounded, groupBy } from '../../collections';
import { retryDelayMs } from '../../domain/backoff';
import { getPost } from '../../store/post-repository';
import { storageFailureOf } from '../../store/storage-errors';
import type { OutboxOpRow, PostRow, WorkspaceAccess } from '../../store/schema';
import { inTransaction, logDecision, type SyncContext } from '../../store/unit-of-work';
import { markRemoved, tellUser } from '../effects';
import { mergeVariantsOfPost } from '../merge-variants';
import type { OpEvent } from '../op-events';
import { listOpenOps } from '../op-queries';
import { OpMoved, OpRefused, settle, type Applied, type Settlement } from '../op-store';
import { judgeFailure } from '../outcome';
import type { Scope } from '../op-machine';
import { opTurn, type TurnContext } from './turn';
import type { RunContext } from '../runners/runner';
import { syncImpact } from '../sync-impact';
import { accessWords, checkWorkspace } from '../workspace-access';

export type PushStop = 'auth' | 'offline' | null;

export interface PushResult {
  stop: PushStop;
  stopReason: string | null;
  /** Earliest time a waiting op may be tried again. */
  nextAttemptAt: string | null;
  /** What the status bar should say of this push beyond the log (answers too large to read). */
  notes: string[];
}

export interface PushOptions {
  /**
   * Read a post's variants back (and merge them three-way) before changing one of them. A
   * full sync pulls first and needs no such read; a light one relies on it, so a change made
   * on the service is still seen as a conflict rather than overwritten.
   */
  readBeforeWrite: boolean;
}

class PushPass implements TurnContext {
  #stop: PushStop = null;
  #stopReason: string | null = null;
  #nextAttemptAt: string | null = null;
  readonly #readPosts = new Set<string>();
  readonly #notes = new Set<string>();
  /** Workspaces found without access during this pass: the rest of their ops wait. */
  readonly #held = new Set<string>();

  constructor(
    readonly ctx: SyncContext,
    readonly client: ServiceClient,
    readonly options: PushOptions,
    readonly available: (slug: string) => boolean,
  ) {}

  /** What a runner works with for one op: its backoff grows with the op's own attempts. */
  runContext(attempts: number): RunContext {
    return {
      ctx: this.ctx,
      client: this.client,
      timing: {
        retryAt: (retryAfterMs) => {
          const delay = retryDelayMs(attempts, retryAfterMs, undefined, this.ctx.random);
          return new Date(this.ctx.clock.now().getTime() + delay).toISOString();
        },
      },
    };
  }

  stopped(): boolean {
    return this.#stop !== null;
  }

  /** Logs that a decision was not applied: the op moved meanwhile. */
  async #skipMoved(op: OutboxOpRow, error: Error): Promise<void> {
    await logDecision(this.ctx, {
      action: 'skip_moved',
      reason: error.message,
      postId: op.post_id,
      variantId: op.variant_id,
    });
  }

  #noteWait(at: string): void {
    if (this.#nextAttemptAt === null || at < this.#nextAttemptAt) this.#nextAttemptAt = at;
  }

  async run(): Promise<PushResult> {
    const byPost = groupBy(await listOpenOps(this.ctx.db), (op) => op.post_id);
    await eachBounded(
      [...byPost.entries()],
      this.ctx.concurrency,
      ([postId, ops]) => this.#runPost(postId, ops),
      () => this.#stop !== null,
    );
    return {
      stop: this.#stop,
      stopReason: this.#stopReason,
      nextAttemptAt: this.#nextAttemptAt,
      notes: [...this.#notes],
    };
  }

  async #runPost(postId: string, ops: OutboxOpRow[]): Promise<void> {
    const post = await getPost(this.ctx.db, postId);
    if (!post || post.workspace === null) return;
    const blocked = new Set<string>();
    // The ops as listed when the pass began: each write is compare-and-set on the listed
    // state, so an op the user moved meanwhile is skipped by its claim or settlement, not
    // sent on a stale reading (no read of every op again before its turn).
    for (const op of ops) {
      // A workspace without access keeps its ops waiting, untouched, until it comes back.
      if (this.#stop !== null || this.#held.has(post.workspace) || !this.available(post.workspace)) return;
      if (op.variant_id !== null && blocked.has(op.variant_id)) continue;
      const holds = await this.#take(op, post);
      if (holds === 'post') return;
      if (holds === 'variant' && op.variant_id !== null) blocked.add(op.variant_id);
    }
  }

  /** One op's turn, its settlements applied as it yields them; answers what it holds back. */
  async #take(op: OutboxOpRow, post: PostRow): Promise<Scope> {
    const turn = opTurn(this, op, post);
    let step = await turn.next();
    while (!step.done) step = await turn.next(await this.#apply(step.value.op, step.value.settlement));
    const end = step.value;
    if (end.wakeAt !== undefined) this.#noteWait(end.wakeAt);
    if (end.moved !== undefined) await this.#skipMoved(op, end.moved);
    return end.holds;
  }

  /**
   * A light sync reads a post's variants once before changing one of them. A read that fails
   * sent nothing: the op stays as it is.
   */
  async readFirst(post: PostRow): Promise<'merged' | 'as_is' | 'failed'> {
    if (!this.options.readBeforeWrite || post.server_id === null || this.#readPosts.has(post.id))
      return 'as_is';
    this.#readPosts.add(post.id);
    try {
      const current = await this.client.listVariants(post.workspace as string, post.server_id);
      await mergeVariantsOfPost(this.ctx, post, current);
      return 'merged';
    } catch (error) {
      const event = judgeFailure('update_variant', error, 'read_back', this.runContext(0).timing);
      await logDecision(this.ctx, {
        action: 'read_before_write_failed',
        reason: 'reason' in event ? event.reason : event.type,
        postId: post.id,
      });
      const impact = syncImpact(error);
      if (impact === 'token') this.#stopFor('auth', 'reason' in event ? event.reason : event.type);
      else if (impact === 'offline') this.#stopFor('offline', (error as Error).message);
      else if (impact === 'workspace') await this.#checkWorkspace(post.workspace as string);
      else if (event.type === 'read_back_failed') this.#noteWait(event.at);
      return 'failed';
    }
  }

  /**
   * Applies a runner's settlement. A 403 or 404 is first checked against the workspace: a
   * workspace taken away keeps the op waiting, where an item-level answer fails or removes it.
   * A local error while recording an answer makes the outcome unknown (it will be read back),
   * never failed: the service may hold the change.
   */
  async #apply(op: OutboxOpRow, s: Settlement): Promise<Applied | null> {
    let settlement = s;
    if (s.note !== undefined) this.#notes.add(s.note);
    const concernsAccess = s.event.type === 'removed' || s.event.type === 'workspace_unavailable';
    // Only a 403 or 404 needs the post's workspace: every other settlement reads nothing more.
    const slug = concernsAccess ? ((await getPost(this.ctx.db, op.post_id))?.workspace ?? null) : null;
    if (slug !== null && 'reason' in s.event) {
      const access = await this.#checkWorkspace(slug);
      if (access !== 'ok')
        settlement = {
          event: {
            type: 'workspace_unavailable',
            reason: `Waiting for access to workspace ${slug}: ${accessWords(access)}.`,
          },
        };
      else if (s.event.type === 'workspace_unavailable')
        settlement = { event: { type: 'refused', reason: s.event.reason } };
    }
    try {
      const applied = await inTransaction(this.ctx, async (t) => {
        const a = await settle(t, op, settlement);
        if (a.effects.includes('mark_removed'))
          await markRemoved(t, op, 'reason' in settlement.event ? settlement.event.reason : '');
        return a;
      });
      if (applied.effects.includes('notify_user')) await tellUser(this.ctx, op, settlement.event);
      return this.#stopOn(applied, settlement.event);
    } catch (error) {
      if (error instanceof OpMoved || error instanceof OpRefused) {
        await this.#skipMoved(op, error);
        return null;
      }
      if (op.state !== 'sending') throw error;
      // The service answered, but writing it down failed (a busy or full disk): unknown, not failed.
      const event = judgeFailure(op.kind, error, 'recording', this.runContext(op.attempts).timing);
      let recorded: Applied | null = null;
      try {
        recorded = this.#stopOn(await settle(this.ctx, op, { event }), event);
      } catch {
        // Still `sending` in the database: the next sync takes it as crashed and reads back.
        this.ctx.logger.warn('could not record an unknown outcome', { opId: op.id });
      }
      // A disk or folder that cannot take an answer takes no more: the pass ends here, before
      // another request leaves, and what was sent is read back once it can be written down.
      if (storageFailureOf(error) !== null) throw error;
      return recorded;
    }
  }

  /** Ends the pass when a settlement says the service cannot be reached or refuses the token. */
  #stopOn(applied: Applied, event: OpEvent): Applied {
    const reason = 'reason' in event ? event.reason : event.type;
    if (applied.effects.includes('stop_offline')) this.#stopFor('offline', reason);
    if (applied.effects.includes('stop_auth')) this.#stopFor('auth', reason);
    // A wake-up at the event's time: a retry waits for it, a read-back is due by then at the latest.
    if ('at' in event) this.#noteWait(event.at);
    return applied;
  }

  #stopFor(stop: Exclude<PushStop, null>, reason: string): void {
    if (this.#stop === null) {
      this.#stop = stop;
      this.#stopReason = reason;
    }
  }

  async #checkWorkspace(slug: string): Promise<WorkspaceAccess> {
    const access = await checkWorkspace(this.ctx, this.client, slug);
    if (access !== 'ok') this.#held.add(slug);
    return access;
  }
}

/** Pushes the outbox once. `available(slug)`: whether the workspace is known to be reachable. */
export async function push(
  ctx: SyncContext,
  client: ServiceClient,
  options: PushOptions,
  available: (slug: string) => boolean = () => true,
): Promise<PushResult> {
  return new PushPass(ctx, client, options, available).run();
}
