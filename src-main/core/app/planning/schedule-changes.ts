// Setting the scheduled time of one variant or of many as one local change: each variant is
// checked as a user's own change is (editable, a time to come, the send guards), the rows and
// their outbox ops are written in one transaction, and the window hears of them after the
// commit. variants.schedule and variants.unschedule come here, and so does the undo of a time
// change, so an undo takes exactly the path of the change it reverses.
import { REFUSALS } from '@preload/words/refusals';
import { NOT_FOUND } from '@preload/words/errors';
import { guardTime, type ProfileFact } from '@preload/send-guards';
import { sameInstant } from '../../domain/merge';
import { listOpenOpsOfPost } from '../../outbox/op-queries';
import { enqueue } from '../../outbox/op-store';
import { withdrawUnsentTimeChange } from '../../outbox/supersede';
import { getPost, touchPost } from '../../store/post-repository';
import type { PostRow, VariantRow } from '../../store/schema';
import type { SyncContext } from '../../store/unit-of-work';
import { getVariant, updateVariant, variantBase } from '../../store/variant-repository';
import { assertAllows, type AppContext } from '../app-context';
import { CommandError } from '../command-error';
import { profileFacts, sendRefusalAmong } from '../items/send-checks';

export interface TimeChange {
  variantId: string;
  /** The new time (an ISO 8601 instant), or null to unschedule. */
  at: string | null;
  /** The time the variant must still have, else it is refused (an undo's item that moved on). */
  expected?: string | null;
}

/** A variant whose time changed, with what an undo of it needs to know. */
export interface TimeChanged {
  variantId: string;
  postId: string;
  postTitle: string;
  platform: string;
  before: string | null;
  after: string | null;
}

export interface TimeRefused {
  variantId: string;
  /** Null when the variant is not there at all. */
  postId: string | null;
  error: CommandError;
}

export interface TimeChanges {
  changed: TimeChanged[];
  refused: TimeRefused[];
}

/**
 * `allOrNothing`: a refusal of any change changes nothing, and that refusal is thrown (two
 * times swapped must both change, or neither).
 */
export async function setScheduledTimes(
  app: AppContext,
  changes: readonly TimeChange[],
  options: { allOrNothing?: boolean } = {},
): Promise<TimeChanges> {
  const now = app.now();
  const result: TimeChanges = { changed: [], refused: [] };
  // One unit of work: its events (a superseded op's) go out only once it has committed.
  await app.inTransaction(async (t) => {
    const trx = t.db;
    // A change of many variants reads each post and each workspace's accounts once.
    const posts = new Map<string, PostRow | undefined>();
    const accounts = new Map<string | null, ProfileFact[]>();
    const postOf = async (id: string) => {
      if (!posts.has(id)) posts.set(id, await getPost(trx, id));
      return posts.get(id);
    };
    const accountsOf = async (workspace: string | null) => {
      if (!accounts.has(workspace)) accounts.set(workspace, await profileFacts(trx, workspace));
      return accounts.get(workspace) ?? [];
    };
    for (const change of changes) {
      const v = await getVariant(trx, change.variantId);
      try {
        if (!v) throw new CommandError('not_found', NOT_FOUND.variant(change.variantId));
        const post = await postOf(v.post_id);
        if (!post) throw new CommandError('not_found', NOT_FOUND.post(v.post_id));
        const at = change.at === null ? null : new Date(change.at).toISOString();
        // Read in the transaction: a publish on its way holds the time (outbox/item-actions.ts).
        assertAllows(at === null ? 'unschedule' : 'schedule', {
          variant: v,
          workspace: post.workspace,
          ops: await listOpenOpsOfPost(trx, post.id),
        });
        if (change.expected !== undefined && !sameInstant(v.scheduled_at, change.expected))
          throw new CommandError('invalid_state', REFUSALS.timeChanged);
        if (at !== null) refuseUnsendable(v, at, app.now(), await accountsOf(post.workspace));
        await writeTime(t, v, post, at, now);
        result.changed.push({
          variantId: v.id,
          postId: post.id,
          postTitle: post.title,
          platform: v.platform,
          before: v.scheduled_at,
          after: at,
        });
      } catch (error) {
        if (!(error instanceof CommandError)) throw error;
        result.refused.push({ variantId: change.variantId, postId: v?.post_id ?? null, error });
      }
    }
    // Thrown inside the unit of work: it rolls back, and nothing is announced.
    if (options.allOrNothing && result.refused[0]) throw result.refused[0].error;
  });
  for (const c of result.changed) app.changed(c.postId, c.variantId);
  return result;
}

/** The one change of variants.schedule and variants.unschedule: its refusal is thrown. */
export async function setScheduledTime(
  app: AppContext,
  variantId: string,
  at: string | null,
): Promise<TimeChanged> {
  const { changed, refused } = await setScheduledTimes(app, [{ variantId, at }]);
  if (refused[0]) throw refused[0].error;
  return changed[0] as TimeChanged;
}

function refuseUnsendable(v: VariantRow, at: string, now: string, accounts: readonly ProfileFact[]): void {
  for (const guard of [guardTime(at, new Date(now)), sendRefusalAmong(v, accounts)])
    if (!guard.ok) throw new CommandError('invalid_state', guard.message);
}

async function writeTime(
  t: SyncContext,
  v: VariantRow,
  post: PostRow,
  at: string | null,
  now: string,
): Promise<void> {
  await updateVariant(t.db, v.id, { scheduled_at: at, updated_at: now });
  await touchPost(t.db, post.id, now);
  if (post.workspace === null) return;
  await enqueue(t, {
    kind: at === null ? 'unschedule' : 'schedule',
    postId: post.id,
    variantId: v.id,
    now,
  });
  // Back to what the service holds before the change left: nothing is sent at all.
  // Read from the row as it was before this change: a time the base leaves out is the one it replaced.
  const base = v.server_id === null ? null : variantBase(v);
  if (base !== null && sameInstant(base.scheduled_at, at)) await withdrawUnsentTimeChange(t, v.id);
}
