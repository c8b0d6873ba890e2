// What the user can do with an op, in one place: retry, discard, publish again, keep
// unpublished, and choose among look-alikes. Each is an event of the op machine, so a button
// pressed on an op that has moved on meanwhile is refused with the machine's reason.
import type { OutboxOpAction } from '@preload/bridge';
import { getPost, updatePost, type PostBase } from '../store/post-repository';
import type { OutboxOpRow, VariantRow } from '../store/schema';
import { getVariant, updateVariant, variantBase, type VariantBase } from '../store/variant-repository';
import { inTransaction, nowIso, type SyncContext } from '../store/unit-of-work';
import { accountAsSent } from '../domain/accounts';
import { keepVersion } from '../history/versions';
import { ANSWER_WORDS } from '@preload/words/outbox';
import { linkedToOther } from './links';
import { discardRefusal, knownOnService, putBack } from './discard-preview';
import { opRetryRefusal } from './item-actions';
import { getOp, listOpenOpsOfPost } from './op-queries';
import { refusal } from './op-machine';
import { OpRefused, settle } from './op-store';
import { parsePayload, parseQuestion } from './payload';
import { foldPulledCopy, pulledCopiesAmong } from './pulled-copies';

export class NoSuchOp extends Error {
  override readonly name = 'NoSuchOp';
  constructor(id: string) {
    super(`No outbox operation with id ${id}.`);
  }
}

async function opOf(ctx: SyncContext, id: string): Promise<OutboxOpRow> {
  const op = await getOp(ctx.db, id);
  if (!op) throw new NoSuchOp(id);
  return op;
}

/** The op, if the machine takes the user's action on it now; refused with its reason otherwise. */
async function opFor(ctx: SyncContext, id: string, action: OutboxOpAction): Promise<OutboxOpRow> {
  const op = await opOf(ctx, id);
  const why = refusal(op, action);
  if (why !== null) throw new OpRefused(why);
  return op;
}

/**
 * Sends a failed op again; an op of unknown outcome is read back first, now (the settlement
 * clears its wait, so the next sync reads it back).
 */
export async function retryOp(ctx: SyncContext, id: string): Promise<OutboxOpRow> {
  const op = await opOf(ctx, id);
  const v = op.variant_id === null ? undefined : await getVariant(ctx.db, op.variant_id);
  const why = opRetryRefusal(op, v);
  if (why !== null) throw new OpRefused(why);
  await inTransaction(ctx, async (t) => {
    await settle(t, op, { event: { type: 'user_retry' }, action: 'user_retry' });
    if (op.variant_id !== null) await updateVariant(t.db, op.variant_id, { error: null });
  });
  return opOf(ctx, id);
}

/**
 * Drops a change the service refused for good (or one held back because the variant was
 * published meanwhile), or one still waiting to be sent: the fields it carried go back to what
 * the service last held, so the item shows the service's state again. Read and settled in one
 * transaction: a push that claimed the op meanwhile is seen, and the discard refused.
 */
export async function discardOp(ctx: SyncContext, id: string): Promise<OutboxOpRow> {
  await inTransaction(ctx, async (t) => {
    const op = await opOf(t, id);
    const v = op.variant_id === null ? undefined : await getVariant(t.db, op.variant_id);
    const others = await listOpenOpsOfPost(t.db, op.post_id);
    const why = discardRefusal(op, knownOnService(v), others);
    if (why !== null) throw new OpRefused(why);
    await settle(t, op, {
      event: { type: 'user_discard' },
      action: 'discard',
      reason: `The user dropped a ${op.kind}; the item shows what the service holds.`,
    });
    const base = v ? variantBase(v) : null;
    if (!v || !base) return;
    const back = putBack(op, base);
    if (back.content !== undefined && back.content !== v.content) await replaceText(t, v, back.content);
    await updateVariant(t.db, v.id, { ...back, error: null, updated_at: nowIso(t) });
  });
  return opOf(ctx, id);
}

/** The text a discard drops stays a version, and so does the service's that takes its place. */
async function replaceText(t: SyncContext, v: VariantRow, serviceText: string): Promise<void> {
  const of = { postId: v.post_id, variantId: v.id };
  await keepVersion(t, of, 'before_discard', v.content);
  await keepVersion(t, of, 'service', serviceText);
}

/** The user's decision on a publish of unknown outcome. */
export async function decidePublish(
  ctx: SyncContext,
  variantId: string,
  choice: 'publish_again' | 'keep_unpublished',
): Promise<void> {
  const op = await ctx.db
    .selectFrom('outbox_op')
    .selectAll()
    .where('variant_id', '=', variantId)
    .where('kind', '=', 'publish')
    .where('state', '=', 'needs_user')
    .executeTakeFirst();
  if (!op) throw new OpRefused('This variant has no publish of unknown outcome waiting for a decision.');
  await settle(ctx, op, {
    event: { type: choice === 'publish_again' ? 'user_publish_again' : 'user_keep_unpublished' },
    action: choice,
  });
}

/**
 * A create whose answer was lost while look-alikes appeared: the user names Outpost's own
 * (it is linked, nothing is created) or none (it is created anew). Linking writes only what
 * Outpost knows: the next pull reads the rest of it.
 */
export async function adoptCandidate(
  ctx: SyncContext,
  id: string,
  serverId: string | null,
): Promise<OutboxOpRow> {
  const op = await opFor(ctx, id, serverId === null ? 'create_anew' : 'adopt');
  if (serverId === null) {
    await settle(ctx, op, { event: { type: 'user_create_anew' }, action: 'user_create_anew' });
    return opOf(ctx, id);
  }
  const offered = parseQuestion(op)?.candidates ?? [];
  if (!offered.some((c) => c.serverId === serverId))
    throw new OpRefused(`${serverId} is not one of the items offered for this operation.`);
  const sent = parsePayload(op).sent ?? {};
  const post = await getPost(ctx.db, op.post_id);
  const kind = op.kind === 'create_post' ? 'post' : 'variant';
  const own = op.kind === 'create_post' ? op.post_id : (op.variant_id ?? '');
  const slug = post?.workspace ?? null;
  // Every link is checked: a record another item here is linked to is never linked twice,
  // unless that item is only the pull's copy of what a brought-back create made (pulled-copies.ts).
  const foldable =
    slug !== null &&
    parsePayload(op).broughtBack === true &&
    (await pulledCopiesAmong(ctx.db, kind, slug, [serverId], own)).has(serverId);
  if (slug !== null && !foldable && (await linkedToOther(ctx.db, kind, slug, serverId, own)))
    throw new OpRefused(ANSWER_WORDS.linkedElsewhere(kind, serverId));
  await settle(ctx, op, {
    event: { type: 'user_adopt', serverId },
    action: 'user_adopt',
    record: async (t) => {
      if (foldable) await foldPulledCopy(t, kind, slug, serverId, own);
      const now = nowIso(t);
      if (op.kind === 'create_post') {
        await updatePost(t.db, op.post_id, {
          server_id: serverId,
          base: sent.title === undefined ? null : JSON.stringify({ title: sent.title } satisfies PostBase),
          error: null,
          updated_at: now,
        });
      } else if (op.variant_id !== null) {
        const v = await getVariant(t.db, op.variant_id);
        await updateVariant(t.db, op.variant_id, {
          server_id: serverId,
          base:
            v === undefined
              ? null
              : JSON.stringify({
                  content: sent.content ?? v.content,
                  scheduled_at: null,
                  social_profile_id: accountAsSent(v, null),
                  status: null,
                  platform_post_url: null,
                } satisfies VariantBase),
          error: null,
          updated_at: now,
        });
      }
    },
  });
  return opOf(ctx, id);
}
