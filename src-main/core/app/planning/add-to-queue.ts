// Add to queue: each variant goes to its account's next free posting slot. The
// facts are read once for the whole call (the variants, their posts, each workspace's accounts,
// posting times and the times already held), the slots are found in memory (a slot is taken
// when a scheduled variant of that account sits at it, those placed earlier in the same call
// included), and the times are written by setScheduledTimes: one transaction, each variant
// checked as a user's own schedule is, one outbox op each, one undo entry for the call.
import { alreadyScheduled, REFUSALS } from '@preload/words/refusals';
import { instant } from '@preload/words/instants';
import { queueLabel } from '@preload/words/undo';
import type { CommandResult, LocalId } from '@preload/bridge';
import { sendingAccountOf } from '../../domain/accounts';
import { freeSlots } from '../../domain/slots';
import { listScheduledFrom } from '../../store/planning-queries';
import { listPostsByIds } from '../../store/post-repository';
import type { PostRow, VariantRow } from '../../store/schema';
import { listSignOffAccounts } from '../../store/sign-off-repository';
import { listPostingSchedules, type StoredSchedule } from '../../store/slots-repository';
import { listVariantsByIds } from '../../store/variant-repository';
import type { ProfileFact } from '@preload/send-guards';
import { assertAllows, type AppContext } from '../app-context';
import type { Undoable } from '../command';
import { CommandError } from '../command-error';
import { setScheduledTimes, type TimeChange } from './schedule-changes';
import { profileFacts, sendRefusalAmong } from '../items/send-checks';
import { timeChangeUndo } from './time-change-undo';

export type AddToQueueResult = CommandResult<'planning.addToQueue'>;

/** One workspace's facts, read once per call (an import places its rows with them too). */
export interface WorkspaceFacts {
  profiles: ProfileFact[];
  schedules: Map<string, StoredSchedule>;
  signOff: Set<string>;
  /** Per account, the instants its scheduled variants hold (grown as the call places more). */
  taken: Map<string, Set<number>>;
  /** Per account, its free slots from now on, continued from one variant to the next. */
  free: Map<string, Iterator<number>>;
}

export async function readWorkspace(
  app: AppContext,
  workspace: string,
  nowIso: string,
): Promise<WorkspaceFacts> {
  const profiles = await profileFacts(app.db, workspace);
  const taken = new Map<string, Set<number>>();
  for (const row of await listScheduledFrom(app.db, workspace, nowIso)) {
    const account = sendingAccountOf(row, profiles);
    if (account === null || row.scheduled_at === null) continue;
    const set = taken.get(account) ?? new Set<number>();
    set.add(Date.parse(row.scheduled_at));
    taken.set(account, set);
  }
  return {
    profiles,
    schedules: await listPostingSchedules(app.db, workspace),
    signOff: await listSignOffAccounts(app.db, workspace),
    taken,
    free: new Map(),
  };
}

export async function addToQueue(
  app: AppContext,
  variantIds: readonly LocalId[],
): Promise<Undoable<AddToQueueResult>> {
  const now = app.now();
  const nowMs = Date.parse(now);
  const ids = [...new Set(variantIds)];
  const variants = new Map((await listVariantsByIds(app.db, ids)).map((v) => [v.id, v]));
  const posts = new Map(
    (await listPostsByIds(app.db, [...new Set([...variants.values()].map((v) => v.post_id))])).map((p) => [
      p.id,
      p,
    ]),
  );
  const workspaces = new Map<string, WorkspaceFacts>();
  const refused: AddToQueueResult['refused'] = [];
  const plan: TimeChange[] = [];
  const signOff = new Set<string>();

  for (const id of ids) {
    const v = variants.get(id);
    const post = v && posts.get(v.post_id);
    try {
      if (!v || !post) throw new CommandError('not_found', REFUSALS.gone);
      if (post.workspace !== null && !workspaces.has(post.workspace))
        workspaces.set(post.workspace, await readWorkspace(app, post.workspace, now));
      const facts = post.workspace === null ? null : (workspaces.get(post.workspace) as WorkspaceFacts);
      const { account, at } = placeInQueue(v, post, facts, nowMs);
      facts?.taken.get(account)?.add(at);
      if (facts?.signOff.has(account)) signOff.add(id);
      plan.push({ variantId: id, at: new Date(at).toISOString(), expected: null });
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      refused.push({ id, reason: error.message });
    }
  }

  const { changed, refused: notWritten } = await setScheduledTimes(app, plan);
  for (const r of notWritten) refused.push({ id: r.variantId, reason: r.error.message });
  const undo = timeChangeUndo(app, changed);
  const value = {
    done: changed.length,
    refused,
    scheduled: changed.map((c) => ({
      variantId: c.variantId,
      scheduledAt: c.after as string,
      signOffExpected: signOff.has(c.variantId),
    })),
  };
  return { value, undo: undo ? { ...undo, label: queueLabel(changed) } : null };
}

/** The account a variant goes out from and its next free slot, or why it has none (thrown). */
function placeInQueue(
  v: VariantRow,
  post: PostRow,
  facts: WorkspaceFacts | null,
  nowMs: number,
): { account: string; at: number } {
  // The checks a schedule makes, before any slot is looked for: the same words.
  assertAllows('schedule', { variant: v, workspace: post.workspace, ops: [] });
  if (v.scheduled_at !== null)
    throw new CommandError('invalid_state', alreadyScheduled(instant(v.scheduled_at)));
  if (facts === null) throw new CommandError('invalid_state', REFUSALS.localDraftHasNoQueue);
  const guard = sendRefusalAmong(v, facts.profiles);
  if (!guard.ok) throw new CommandError('invalid_state', guard.message);
  const account = sendingAccountOf(v, facts.profiles);
  if (account === null) throw new CommandError('invalid_state', REFUSALS.noSingleAccount);
  const at = nextFreeSlot(facts, account, nowMs);
  if (at === null) throw new CommandError('invalid_state', REFUSALS.noPostingTimes);
  return { account, at };
}

/** The account's next free posting slot, or null when it has no posting times; the caller takes it. */
export function nextFreeSlot(facts: WorkspaceFacts, account: string, nowMs: number): number | null {
  const schedule = facts.schedules.get(account);
  if (schedule === undefined || schedule.slots.length === 0) return null;
  let free = facts.free.get(account);
  if (free === undefined) {
    const taken = facts.taken.get(account) ?? new Set<number>();
    facts.taken.set(account, taken);
    free = freeSlots(schedule, nowMs, taken);
    facts.free.set(account, free);
  }
  // Endless while the account has slots (it has).
  return free.next().value as number;
}
