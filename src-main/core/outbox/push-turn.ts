// One op's turn in a push: whether it waits, is read back or is sent, and what it holds back
// of the ops after it (the op machine's `blocks`). The pass around it (queue.ts) reads the
// outbox, applies settlements and decides what they mean for the rest of the push.
import { isPublished, NEEDS_APPROVAL } from '../domain/service-state';
import { getPost } from '../store/post-repository';
import type { OpKind, OutboxOpRow, PostRow, VariantRow } from '../store/schema';
import { inTransaction, logDecision, nowIso, type SyncContext } from '../store/unit-of-work';
import { getVariant } from '../store/variant-repository';
import { blocks, blocksAfter, KIND_GROUPS, type Scope } from './op-machine';
import { claim, OpMoved, OpRefused, type Applied, type Built, type Settlement } from './op-store';
import { RUNNERS } from './runners/index';
import { keepTextNotSent, keepTextSent } from './text-versions';
import { placed, readOpRows, type OpRows, type OpRunner, type RunContext } from './runners/runner';

/** What a turn needs of the pass it is part of. */
export interface Pass {
  readonly ctx: SyncContext;
  /** The pass has stopped (offline, or the token refused): nothing more is sent. */
  readonly stopped: boolean;
  /** Applies a settlement; null when the op moved meanwhile (the decision is not applied). */
  apply(op: OutboxOpRow, s: Settlement): Promise<Applied | null>;
  runContext(attempts: number): RunContext;
  noteWait(at: string): void;
  /** A light sync reads a post once before changing it: merged, left as it is, or failed. */
  readBeforeWrite(post: PostRow): Promise<'merged' | 'as_is' | 'failed'>;
  /** Logs that a decision was not applied: the op moved meanwhile. */
  skipMoved(op: OutboxOpRow, error: Error): Promise<void>;
}

const VARIANT_GONE = 'The variant no longer exists locally.';

const isCreate = (kind: OpKind): boolean => KIND_GROUPS[kind] === 'create';

/** What a settlement means for the rest of the post's ops in this pass. */
function holdsAfter(op: OutboxOpRow, applied: Applied | null): Scope {
  return applied === null ? 'post' : blocksAfter(op, applied.effects);
}

/** One op's turn: what waits, what is read back, what is sent; answers what it holds back. */
export async function takeTurn(pass: Pass, op: OutboxOpRow, post: PostRow): Promise<Scope> {
  // The machine says whether the op takes its turn now, and what it holds back if not.
  const waiting = op.next_attempt_at !== null && op.next_attempt_at > nowIso(pass.ctx);
  const holds = blocks(op, waiting);
  if (holds !== 'turn') {
    if (waiting) pass.noteWait(op.next_attempt_at as string);
    return holds;
  }
  // A create reads its variant when it is claimed; only a change checks it before.
  const variant =
    op.variant_id === null || isCreate(op.kind)
      ? null
      : ((await getVariant(pass.ctx.db, op.variant_id)) ?? null);
  if (op.variant_id !== null && !isCreate(op.kind) && variant === null) {
    await pass.apply(op, { event: { type: 'nothing_to_send', reason: VARIANT_GONE } });
    return 'none';
  }
  if (variant !== null) {
    const ready = await pass.readBeforeWrite(post);
    if (ready === 'failed') return 'post';
    // Read again only when the service's copy was just merged into it.
    const fresh = ready === 'merged' ? ((await getVariant(pass.ctx.db, variant.id)) as VariantRow) : variant;
    // Nothing of a variant in conflict leaves until the user chose: never a silent overwrite.
    if (fresh.conflict !== null) return 'variant';
    if (fresh.remote_state === 'removed') {
      await pass.apply(op, {
        event: { type: 'removed', reason: 'The variant was removed on the service; it is kept here only.' },
      });
      return 'variant';
    }
    if (
      KIND_GROUPS[op.kind] === 'change' &&
      op.state === 'pending' &&
      (isPublished(fresh) || fresh.status === NEEDS_APPROVAL)
    ) {
      const what = isPublished(fresh) ? 'is published' : "is waiting for the channel's approvers";
      // Published first: the text this change carried never left, and stays findable.
      if (isPublished(fresh)) await inTransaction(pass.ctx, (t) => keepTextNotSent(t, fresh));
      await pass.apply(op, {
        event: {
          type: 'locked',
          reason: `The variant ${what} on the service, so this change was not sent. Discard it to see what the service holds.`,
        },
      });
      return 'variant';
    }
  }
  if (post.remote_state === 'removed' && op.state === 'pending') {
    await pass.apply(op, {
      event: { type: 'removed', reason: 'The post was removed on the service; it is kept here only.' },
    });
    return 'post';
  }
  const runner = RUNNERS[op.kind];
  if (op.state === 'unknown') {
    const current =
      op.variant_id !== null && variant === null ? await getVariant(pass.ctx.db, op.variant_id) : variant;
    if (op.variant_id !== null && !current) {
      await pass.apply(op, { event: { type: 'nothing_to_send', reason: VARIANT_GONE } });
      return 'none';
    }
    const rows: OpRows = {
      op,
      post: (await getPost(pass.ctx.db, post.id)) as PostRow,
      variant: current ?? null,
    };
    if (!placed(rows)) return 'post';
    const applied = await pass.apply(op, await runner.readBack(pass.runContext(op.attempts), rows));
    if (applied === null || applied.state !== 'pending') return holdsAfter(op, applied);
    op = { ...op, state: 'pending' };
  }
  return send(pass, op, runner);
}

async function send(pass: Pass, op: OutboxOpRow, runner: OpRunner<never>): Promise<Scope> {
  let rows: OpRows | null = null;
  let built;
  try {
    built = await claim(
      pass.ctx,
      op,
      async (db, current, t) => {
        rows = await readOpRows(db, current);
        await keepTextSent(t, rows);
        return rows;
      },
      (r): Built<never> => {
        if (r.op.variant_id !== null && r.variant === null) return { done: VARIANT_GONE };
        return placed(r)
          ? runner.build(r)
          : { hold: 'Waiting for the post (or variant) to exist on the service.' };
      },
    );
  } catch (error) {
    if (!(error instanceof OpMoved || error instanceof OpRefused)) throw error;
    await pass.skipMoved(op, error);
    return 'post';
  }
  const claimed = rows as OpRows | null;
  if (claimed === null) return 'post';
  if ('hold' in built) {
    await logDecision(pass.ctx, {
      action: 'wait',
      reason: built.hold,
      postId: op.post_id,
      variantId: op.variant_id,
    });
    return op.kind === 'create_variant' && claimed.post.server_id !== null ? 'variant' : 'post';
  }
  if ('done' in built) {
    const applied = await pass.apply(op, {
      event: { type: 'nothing_to_send', reason: built.done },
      action: `skip_${op.kind}`,
    });
    return holdsAfter(op, applied);
  }
  const rc = pass.runContext(claimed.op.attempts);
  const sent = await runner.send(rc, claimed, built.request);
  const applied = await pass.apply({ ...claimed.op, state: 'sending' }, sent);
  if (applied?.state !== 'unknown' || pass.stopped || op.kind !== 'publish') return holdsAfter(op, applied);
  // A publish whose answer was lost is read back at once: at worst the user is asked. Creates
  // and changes are read back at the next sync, never in the same breath: a request the
  // service is still handling (its answer cut by our timeout) would not show yet, and a
  // create found "absent" too early would be sent twice.
  const unknown = { ...claimed.op, state: 'unknown' as const };
  return holdsAfter(op, await pass.apply(unknown, await runner.readBack(rc, { ...claimed, op: unknown })));
}
