// One op's turn in a push: whether it waits, is read back or is sent, and what it holds back of
// the ops after it (the op machine's `blocks`). A turn never writes the op's state itself: it
// yields each settlement it comes to, the pass (push.ts) applies it and hands back what that
// did, and the turn ends by saying what it holds back. The turn is what happens to one op; the
// pass is where it is written down, and what it means for the rest of the push.
import { OUTBOX_REASONS } from '@preload/words/outbox';
import { isPublished, NEEDS_APPROVAL } from '../../domain/service-state';
import { getPost } from '../../store/post-repository';
import type { OpKind, OutboxOpRow, PostRow, VariantRow } from '../../store/schema';
import { inTransaction, logDecision, nowIso, type SyncContext } from '../../store/unit-of-work';
import { getVariant } from '../../store/variant-repository';
import { blocks, blocksAfter, KIND_GROUPS, type Scope } from '../op-machine';
import { claim, OpMoved, OpRefused, type Applied, type Built, type Settlement } from '../op-store';
import { RUNNERS } from '../runners/index';
import {
  placed,
  readOpRows,
  unknownCreate,
  type OpRows,
  type OpRunner,
  type RunContext,
} from '../runners/runner';
import { keepTextNotSent, keepTextSent } from '../text-versions';

/** What a turn is given by its pass. */
export interface TurnContext {
  readonly ctx: SyncContext;
  /** What a runner works with for an op that has been tried `attempts` times. */
  runContext(attempts: number): RunContext;
  /** A light sync reads a post once before changing it: merged, left as it is, or failed. */
  readFirst(post: PostRow): Promise<'merged' | 'as_is' | 'failed'>;
  /** The pass has stopped (offline, or the token refused): nothing more is sent. */
  stopped(): boolean;
}

/** A settlement for the pass to apply to `op` (the row as the turn last knew it). */
export interface SettleStep {
  op: OutboxOpRow;
  settlement: Settlement;
}

/** How a turn ended: what it holds back, when it wants waking, and whether its op moved meanwhile. */
export interface TurnEnd {
  holds: Scope;
  /** The op waits for this time: the push wakes up for it. */
  wakeAt?: string;
  /** The op was withdrawn or changed while the pass ran: the turn did nothing with it. */
  moved?: OpMoved | OpRefused;
}

/** A turn yields settlements; the pass answers each with what applying it did (null: the op moved). */
export type Turn = AsyncGenerator<SettleStep, TurnEnd, Applied | null>;

const VARIANT_GONE = 'The variant no longer exists locally.';

const isCreate = (kind: OpKind): boolean => KIND_GROUPS[kind] === 'create';

/** What a settlement means for the rest of the post's ops in this pass. */
function holdsAfter(op: OutboxOpRow, applied: Applied | null): TurnEnd {
  return { holds: applied === null ? 'post' : blocksAfter(op, applied.effects) };
}

const settle = (op: OutboxOpRow, settlement: Settlement): SettleStep => ({ op, settlement });

/** One op's turn: what waits, what is read back, what is sent. */
export async function* opTurn(tc: TurnContext, listed: OutboxOpRow, post: PostRow): Turn {
  let op = listed;
  if (op.state === 'sending') {
    // Left `sending` by a process that stopped before the answer: its outcome is unknown.
    const applied = yield settle(op, {
      event: { type: 'crashed', reason: OUTBOX_REASONS.stoppedWhileOut },
      payload: unknownCreate(op, null),
    });
    if (applied === null) return { holds: 'post' };
    op = { ...op, state: applied.state, next_attempt_at: null };
  }
  // The machine says whether the op takes its turn now, and what it holds back if not.
  const waiting = op.next_attempt_at !== null && op.next_attempt_at > nowIso(tc.ctx);
  const holds = blocks(op, waiting);
  if (holds !== 'turn') return waiting ? { holds, wakeAt: op.next_attempt_at as string } : { holds };
  // A create reads its variant when it is claimed; only a change checks it before.
  const variant =
    op.variant_id === null || isCreate(op.kind)
      ? null
      : ((await getVariant(tc.ctx.db, op.variant_id)) ?? null);
  if (op.variant_id !== null && !isCreate(op.kind) && variant === null) {
    yield settle(op, { event: { type: 'nothing_to_send', reason: VARIANT_GONE } });
    return { holds: 'none' };
  }
  if (variant !== null) {
    const held = yield* checkVariant(tc, op, post, variant);
    if (held !== null) return held;
  }
  if (post.remote_state === 'removed' && op.state === 'pending') {
    const reason = 'The post was removed on the service; it is kept here only.';
    yield settle(op, { event: { type: 'removed', reason } });
    return { holds: 'post' };
  }
  const runner = RUNNERS[op.kind];
  if (op.state === 'unknown') {
    const current =
      op.variant_id !== null && variant === null ? await getVariant(tc.ctx.db, op.variant_id) : variant;
    if (op.variant_id !== null && !current) {
      yield settle(op, { event: { type: 'nothing_to_send', reason: VARIANT_GONE } });
      return { holds: 'none' };
    }
    const rows: OpRows = {
      op,
      post: (await getPost(tc.ctx.db, post.id)) as PostRow,
      variant: current ?? null,
    };
    if (!placed(rows)) return { holds: 'post' };
    const applied = yield settle(op, await runner.readBack(tc.runContext(op.attempts), rows));
    if (applied === null || applied.state !== 'pending') return holdsAfter(op, applied);
    op = { ...op, state: 'pending' };
  }
  return yield* send(tc, op, runner);
}

/**
 * A change's variant before it goes: read back first in a light sync, and held while it is in
 * conflict, removed on the service, published or waiting for sign-off there. Null: it may go.
 */
async function* checkVariant(
  tc: TurnContext,
  op: OutboxOpRow,
  post: PostRow,
  variant: VariantRow,
): AsyncGenerator<SettleStep, TurnEnd | null, Applied | null> {
  const ready = await tc.readFirst(post);
  if (ready === 'failed') return { holds: 'post' };
  // Read again only when the service's copy was just merged into it.
  const fresh = ready === 'merged' ? ((await getVariant(tc.ctx.db, variant.id)) as VariantRow) : variant;
  // Nothing of a variant in conflict leaves until the user chose: never a silent overwrite.
  if (fresh.conflict !== null) return { holds: 'variant' };
  if (fresh.remote_state === 'removed') {
    const reason = 'The variant was removed on the service; it is kept here only.';
    yield settle(op, { event: { type: 'removed', reason } });
    return { holds: 'variant' };
  }
  const published = isPublished(fresh);
  if (KIND_GROUPS[op.kind] !== 'change' || op.state !== 'pending') return null;
  if (!published && fresh.status !== NEEDS_APPROVAL) return null;
  const what = published ? 'is published' : "is waiting for the channel's approvers";
  // Published first: the text this change carried never left, and stays findable.
  if (published) await inTransaction(tc.ctx, (t) => keepTextNotSent(t, fresh));
  const reason = `The variant ${what} on the service, so this change was not sent. Discard it to see what the service holds.`;
  yield settle(op, { event: { type: 'locked', reason } });
  return { holds: 'variant' };
}

/** Claims the op (committed before anything leaves), sends it, and settles what came back. */
async function* send(tc: TurnContext, op: OutboxOpRow, runner: OpRunner<never>): Turn {
  let rows: OpRows | null = null;
  let built: Built<never>;
  try {
    built = await claim(
      tc.ctx,
      op,
      async (db, current, t) => {
        rows = await readOpRows(db, current);
        await keepTextSent(t, rows);
        return rows;
      },
      (r): Built<never> => {
        if (r.op.variant_id !== null && r.variant === null) return { done: VARIANT_GONE };
        return placed(r)
          ? runner.build(r, tc.ctx)
          : { hold: 'Waiting for the post (or variant) to exist on the service.' };
      },
    );
  } catch (error) {
    if (!(error instanceof OpMoved || error instanceof OpRefused)) throw error;
    return { holds: 'post', moved: error };
  }
  const claimed = rows as OpRows | null;
  if (claimed === null) return { holds: 'post' };
  if ('hold' in built) {
    await logDecision(tc.ctx, {
      action: 'wait',
      reason: built.hold,
      postId: op.post_id,
      variantId: op.variant_id,
    });
    return { holds: op.kind === 'create_variant' && claimed.post.server_id !== null ? 'variant' : 'post' };
  }
  if ('done' in built)
    return holdsAfter(
      op,
      yield settle(op, { event: { type: 'nothing_to_send', reason: built.done }, action: `skip_${op.kind}` }),
    );
  const rc = tc.runContext(claimed.op.attempts);
  const sent = await runner.send(rc, claimed, built.request);
  const applied = yield settle({ ...claimed.op, state: 'sending' }, sent);
  if (applied?.state !== 'unknown' || tc.stopped() || op.kind !== 'publish') return holdsAfter(op, applied);
  // A publish whose answer was lost is read back at once: at worst the user is asked. Creates
  // and changes are read back at the next sync, never in the same breath: a request the
  // service is still handling (its answer cut by our timeout) would not show yet, and a
  // create found "absent" too early would be sent twice.
  const unknown = { ...claimed.op, state: 'unknown' as const };
  return holdsAfter(op, yield settle(unknown, await runner.readBack(rc, { ...claimed, op: unknown })));
}
