// variants.*: every local edit is one short transaction (the row and its outbox op) and never
// waits on the network; the sync engine sends it later.
import type { AccountChoice, VariantView } from '@preload/bridge';
import { keepVersion } from '../../history/versions';
import { listOpenOpsOfPost } from '../../outbox/op-queries';
import { enqueue, reviveRefusedCreate } from '../../outbox/op-store';
import { supersedeChanges } from '../../outbox/supersede';
import type { VariantField } from '../../outbox/payload';
import { newLocalId } from '../../store/ids';
import { unsentVariantColumns } from '../../store/local-item';
import { parseJson, touchPost } from '../../store/post-repository';
import type { VariantRow } from '../../store/schema';
import { insertVariant, updateVariant, type VariantBase } from '../../store/variant-repository';
import { logDecision, type SyncContext } from '../../store/unit-of-work';
import { accountAsSent, accountColumns, sameAccount, serviceAccountColumns } from '../../domain/accounts';
import { assertAllows, type AppContext } from '../app-context';
import { CommandError } from '../command-error';
import type { Handlers } from '../handlers';
import { setScheduledTime } from '../planning/schedule-changes';
import { checkPublish, checkSchedule, signOffFacts } from '../items/send-checks';
import { timeChangeUndo } from '../planning/time-change-undo';
import { variantView } from '../items/views';

type VariantCommands =
  | 'variants.create'
  | 'variants.update'
  | 'variants.schedule'
  | 'variants.unschedule'
  | 'variants.publish'
  | 'variants.resolveConflict';

type Resolution =
  | { id: string; choice: 'mine' | 'theirs' }
  | { id: string; choice: 'edit'; content?: string; scheduledAt?: string | null; account?: AccountChoice };

export function variantHandlers(app: AppContext): Handlers<VariantCommands> {
  const publish = publisher(app);
  const setSchedule = async (id: string, at: string | null): Promise<VariantView> => {
    const changed = await setScheduledTime(app, id, at);
    const undo = timeChangeUndo(app, [changed]);
    if (undo) app.undo.record(undo);
    return app.variantView(id);
  };

  return {
    'variants.create': async (p) => {
      const post = await app.post(p.postId);
      if (post.remote_state === 'removed')
        throw new CommandError('invalid_state', 'This post was removed on the service.');
      const id = newLocalId();
      const now = app.now();
      await app.inTransaction(async (t) => {
        await insertVariant(t.db, {
          id,
          post_id: post.id,
          platform: p.platform.trim(),
          content: p.content,
          ...accountColumns(p.account),
          ...unsentVariantColumns(now),
        });
        await touchPost(t.db, post.id, now);
        if (post.workspace !== null)
          await enqueue(t, { kind: 'create_variant', postId: post.id, variantId: id, now });
      });
      app.changed(post.id, id);
      if (p.content !== '') app.typed({ postId: post.id, variantId: id });
      return app.variantView(id);
    },

    'variants.update': async (p) => {
      const v = await app.variant(p.id);
      const post = await app.post(v.post_id);
      // The hot path of typing: an edit depends on the variant alone, so no op is read first.
      assertAllows('edit', { variant: v, workspace: post.workspace, ops: [] });
      const fields: VariantField[] = [];
      const patch: Partial<VariantRow> = {};
      if (p.content !== undefined && p.content !== v.content) {
        patch.content = p.content;
        fields.push('content');
      }
      if (p.account !== undefined) {
        const cols = accountColumns(p.account);
        if (!sameAccount(cols, v)) {
          if (v.server_id !== null && cols.account_mode === 'default')
            throw new CommandError(
              'invalid_state',
              'The platform default applies only when a variant is created; choose an account or "assign later".',
            );
          Object.assign(patch, cols);
          fields.push('account');
        }
      }
      if (fields.length === 0) return app.variantView(v.id);
      const now = app.now();
      await app.inTransaction(async (t) => {
        await updateVariant(t.db, v.id, { ...patch, updated_at: now });
        await touchPost(t.db, post.id, now);
        if (post.workspace === null) return;
        if (v.server_id === null) await reviveRefusedCreate(t, post.id, v.id);
        await enqueueEdit(t, v, fields, now);
      });
      app.changed(post.id, v.id);
      if (patch.content !== undefined) app.typed({ postId: post.id, variantId: v.id });
      // The hot path of typing: answer from the rows in hand rather than reading them again.
      const ops = await listOpenOpsOfPost(app.db, post.id);
      return variantView(
        { ...v, ...patch, updated_at: now },
        post,
        ops,
        await signOffFacts(app.db, post.workspace),
      );
    },

    // A time already past asks first: sent now only when the user said "send now instead".
    'variants.schedule': async (p) =>
      (await checkSchedule(app.db, p, new Date(app.now()))) === 'publish_now'
        ? publish(p.id)
        : setSchedule(p.id, new Date(p.at).toISOString()),
    'variants.unschedule': (p) => setSchedule(p.id, null),

    'variants.publish': (p) => publish(p.id),

    'variants.resolveConflict': (p) => resolveConflict(app, p),
  };
}

/** An edit of these fields of the variant, in the outbox (or folded into one already waiting). */
function enqueueEdit(t: SyncContext, v: VariantRow, fields: VariantField[], now: string): Promise<string> {
  return enqueue(t, { kind: 'update_variant', postId: v.post_id, variantId: v.id, payload: { fields }, now });
}

/** Publish now: the same checks whether the user pressed Publish or chose "send now instead". */
function publisher(app: AppContext): (id: string) => Promise<VariantView> {
  return async (id) => {
    const v = await app.variant(id);
    const post = await app.post(v.post_id);
    const ops = await listOpenOpsOfPost(app.db, post.id);
    assertAllows('publish', { variant: v, workspace: post.workspace, ops });
    // Over the platform's limit, or no active account for it: refused before any request.
    await checkPublish(app.db, v.id);
    await app.inTransaction(async (t) => {
      await enqueue(t, { kind: 'publish', postId: post.id, variantId: v.id, now: app.now() });
    });
    app.changed(post.id, v.id);
    app.engine.background(() => app.engine.syncNow('publish requested'));
    return app.variantView(v.id);
  };
}

/** The user's choice on a variant changed here and on the service: what they keep is sent. */
async function resolveConflict(app: AppContext, p: Resolution): Promise<VariantView> {
  const v = await app.variant(p.id);
  const post = await app.post(v.post_id);
  const conflicts = parseJson<Array<{ field: string; mine: string | null; theirs: string | null }>>(
    v.conflict,
  );
  if (!conflicts || conflicts.length === 0)
    throw new CommandError('invalid_state', 'This variant has no conflict to resolve.');
  const base = parseJson<VariantBase>(v.base) ?? {
    content: v.content,
    scheduled_at: v.scheduled_at,
    social_profile_id: accountAsSent(v, null),
    status: v.status,
    platform_post_url: v.platform_post_url,
  };
  const theirs = new Map(conflicts.map((c) => [c.field, c.theirs]));
  const newBase: VariantBase = { ...base };
  const patch: Partial<VariantRow> = { conflict: null, updated_at: app.now() };
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
  const scheduleChanged = after.scheduled_at !== newBase.scheduled_at;
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
    if (scheduleChanged)
      await enqueue(t, {
        kind: after.scheduled_at === null ? 'unschedule' : 'schedule',
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
