// What the planning screens ask of the core: the post list's state filter by
// variant, the plan items the calendar and the queue show, and the queue (the calendar's
// range is calendar-view.ts).
import type { Kysely } from 'kysely';
import { NEEDS_ATTENTION, type PlanItem, type QueueView } from '@preload/bridge';
import { groupBy } from '../../collections';
import { listNeedingAttention, listOpenOpsOfPosts } from '../../outbox/op-queries';
import { listQueueCandidates, listUnscheduled, type PlannedRow } from '../../store/planning-queries';
import type { Database, OutboxOpRow, PostRow } from '../../store/schema';
import { listSignOffAccounts } from '../../store/sign-off-repository';
import { listPostingSchedules } from '../../store/slots-repository';
import { listProfiles } from '../../store/workspace-repository';
import { accountQueues } from './account-queues';
import { profileFact, sendingAccountOf } from '../../domain/accounts';
import { variantView } from '../items/views';

function firstLine(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/** Each row's item, beside the row it came from. */
type Planned = { item: PlanItem; row: PlannedRow };

function planItems(rows: PlannedRow[], posts: Map<string, PostRow>, ops: OutboxOpRow[]): Planned[] {
  const opsBy = groupBy(ops, (o) => o.post_id);
  const out: Planned[] = [];
  for (const r of rows) {
    const post = posts.get(r.post_id);
    if (!post) continue;
    const view = variantView(r, post, opsBy.get(r.post_id) ?? []);
    const item: PlanItem = {
      variantId: r.id,
      postId: r.post_id,
      postTitle: r.post_title,
      platform: r.platform,
      accountName: r.account_label,
      accountId: r.account_id,
      at: r.plan_at,
      state: view.state,
      stateText: view.stateText,
      firstLine: firstLine(r.content),
      url: r.platform_post_url,
      actions: view.actions,
    };
    out.push({ item, row: r });
  }
  return out;
}

/** Plan items of these rows beside their rows, each with its state and actions (from its post's open ops). */
async function plannedOf(db: Kysely<Database>, rows: PlannedRow[]): Promise<Planned[]> {
  const ids = [...new Set(rows.map((r) => r.post_id))];
  // A variant's state needs only its post's workspace, which the rows carry: no post rows read.
  const posts = new Map(rows.map((r) => [r.post_id, { workspace: r.post_workspace } as PostRow]));
  const ops = await listOpenOpsOfPosts(db, ids);
  return planItems(rows, posts, ops);
}

/** Plan items of these rows, each with its state and actions (from its post's open ops). */
export async function itemsOf(db: Kysely<Database>, rows: PlannedRow[]): Promise<PlanItem[]> {
  return (await plannedOf(db, rows)).map((p) => p.item);
}

const PUBLISHED_SHOWN = 100;

/** How many days of each account's slots the queue shows unless asked. */
export const QUEUE_DAYS = 7;
const DAY_MS = 86_400_000;

/** planning.queue: the sections of the queue, each in the order it is read. */
export async function queueView(
  db: Kysely<Database>,
  p: { workspace: string | null; days?: number },
  now: Date,
): Promise<QueueView> {
  const planned = await plannedOf(
    db,
    await listQueueCandidates(db, p.workspace, await listNeedingAttention(db)),
  );
  const view: QueueView = {
    nextUp: [],
    waitingForSignOff: [],
    published: [],
    needsAttention: [],
    accounts: [],
    unplaced: [],
  };
  const next: Planned[] = [];
  const nowIso = now.toISOString();
  for (const { item, row } of planned) {
    if (NEEDS_ATTENTION.has(item.state)) view.needsAttention.push(item);
    else if (item.state === 'published') view.published.push(item);
    else if (item.state === 'needs_approval') view.waitingForSignOff.push(item);
    // A time already past that is not published yet is still "next": it is due.
    else if (
      item.at !== null &&
      (item.state === 'scheduled' || item.state === 'pending_sync' || item.at >= nowIso)
    ) {
      view.nextUp.push(item);
      next.push({ item, row });
    }
  }
  view.published.reverse();
  view.published = view.published.slice(0, PUBLISHED_SHOWN);
  if (p.workspace === null) view.unplaced = view.nextUp;
  else
    Object.assign(
      view,
      accountQueues({
        workspace: p.workspace,
        profiles: await listProfiles(db, p.workspace),
        schedules: await listPostingSchedules(db, p.workspace),
        signOff: await listSignOffAccounts(db, p.workspace),
        next,
        nowMs: now.getTime(),
        untilMs: now.getTime() + (p.days ?? QUEUE_DAYS) * DAY_MS,
      }),
    );
  return view;
}

const DRAFTS_READ = 500;
const DRAFTS_SHOWN = 100;

/** planning.drafts: what could fill an empty slot of this account, the latest changed first. */
export async function accountDrafts(
  db: Kysely<Database>,
  p: { workspace: string; profileId: string },
): Promise<PlanItem[]> {
  const profiles = (await listProfiles(db, p.workspace)).map(profileFact);
  const rows = (await listUnscheduled(db, p.workspace, DRAFTS_READ)).filter(
    (r) => sendingAccountOf(r, profiles) === p.profileId,
  );
  return (await itemsOf(db, rows)).filter((item) => item.actions.includes('schedule')).slice(0, DRAFTS_SHOWN);
}
