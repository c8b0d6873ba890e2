// variants.resolveConflict: the user's choice on a variant changed here and on the service. The
// service's values become the base, so "mine" and "edit" then count as local changes, which are
// sent; "theirs" takes the service's values. Worked out from the rows alone (`resolution`), then
// written in one transaction with the ops it needs.
import { COMMAND_ERRORS } from '@preload/words/errors';
import type { AccountChoice, VariantView } from '@preload/bridge';
import { accountAsSent, accountColumns, serviceAccountColumns } from '../../domain/accounts';
import { keepVersion } from '../../history/versions';
import { enqueue } from '../../outbox/op-store';
import type { VariantField } from '../../outbox/payload';
import { supersedeChanges } from '../../outbox/supersede';
import { variantConflicts } from '../../store/conflicts';
import type { VariantRow } from '../../store/schema';
import { logDecision } from '../../store/unit-of-work';
import { updateVariant, variantBase, type VariantBase } from '../../store/variant-repository';
import type { AppContext } from '../app-context';
import { CommandError } from '../command-error';
import { enqueueEdit } from './edit';

export type Choice =
  | { id: string; choice: 'mine' | 'theirs' }
  | { id: string; choice: 'edit'; content?: string; scheduledAt?: string | null; account?: AccountChoice };

/** What a choice writes: the columns, the fields to send, and whether the time changed. */
export interface Resolution {
  patch: Partial<VariantRow>;
  fields: VariantField[];
  /** The time to send after the choice, when it differs from the service's. */
  schedule: { at: string | null } | null;
  /** Which of the service's values the conflict named. */
  theirs: ReadonlyMap<string, string | null>;
}

/** The choice worked out on the variant's rows; refused when it has no conflict. */
export function resolution(v: VariantRow, p: Choice, now: string): Resolution {
  const conflicts = variantConflicts(v);
  if (conflicts.length === 0) throw new CommandError('invalid_state', COMMAND_ERRORS.noVariantConflict);
  const base = variantBase(v) ?? {
    content: v.content,
    scheduled_at: v.scheduled_at,
    social_profile_id: accountAsSent(v, null),
    status: v.status,
    platform_post_url: v.platform_post_url,
  };
  const theirs = new Map(conflicts.map((c) => [c.field, c.theirs]));
  const newBase: VariantBase = { ...base };
  const patch: Partial<VariantRow> = { conflict: null, updated_at: now };
  // The service's values become the base: "mine" and "edit" then count as local changes to send.
  if (theirs.has('content')) newBase.content = theirs.get('content') ?? '';
  if (theirs.has('scheduled_at')) newBase.scheduled_at = theirs.get('scheduled_at') ?? null;
  if (theirs.has('social_profile_id')) newBase.social_profile_id = theirs.get('social_profile_id') ?? null;
  if (p.choice === 'theirs') {
    if (theirs.has('content')) patch.content = newBase.content;
    if (theirs.has('scheduled_at')) patch.scheduled_at = newBase.scheduled_at;
    if (theirs.has('social_profile_id'))
      Object.assign(patch, serviceAccountColumns(newBase.social_profile_id));
  } else if (p.choice === 'edit') {
    if (p.content !== undefined) patch.content = p.content;
    if (p.scheduledAt !== undefined)
      patch.scheduled_at = p.scheduledAt === null ? null : new Date(p.scheduledAt).toISOString();
    if (p.account !== undefined) Object.assign(patch, accountColumns(p.account));
  }
  patch.base = JSON.stringify(newBase);
  const after = { ...v, ...patch };
  const fields: VariantField[] = [];
  if (after.content !== newBase.content) fields.push('content');
  if (accountAsSent(after, newBase) !== newBase.social_profile_id) fields.push('account');
  const schedule = after.scheduled_at !== newBase.scheduled_at ? { at: after.scheduled_at } : null;
  return { patch, fields, schedule, theirs };
}

export async function resolveConflict(app: AppContext, p: Choice): Promise<VariantView> {
  const v = await app.variant(p.id);
  const post = await app.post(v.post_id);
  const { patch, fields, schedule, theirs } = resolution(v, p, app.now());
  const now = app.now();
  await app.inTransaction(async (t) => {
    // The text as it stood before the choice stays a version, and so does the service's that replaces it.
    if (theirs.has('content') || patch.content !== undefined) {
      const of = { postId: post.id, variantId: v.id };
      await keepVersion(t, of, 'before_conflict_choice', v.content);
      if (p.choice === 'theirs' && patch.content !== undefined)
        await keepVersion(t, of, 'service', patch.content);
    }
    await updateVariant(t.db, v.id, patch);
    await supersedeChanges(t, v.id);
    if (fields.length > 0) await enqueueEdit(t, v, fields, now);
    if (schedule !== null)
      await enqueue(t, {
        kind: schedule.at === null ? 'unschedule' : 'schedule',
        postId: post.id,
        variantId: v.id,
        now,
      });
    await logDecision(t, {
      action: `resolve_${p.choice}`,
      reason: 'The user resolved a conflict.',
      postId: post.id,
      variantId: v.id,
    });
  });
  app.changed(post.id, v.id);
  return app.variantView(v.id);
}
