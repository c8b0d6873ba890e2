// What the planning screens ask of the core (issue 13): the post list's state filter by
// variant, the plan items the calendar and the queue show, and the queue (the calendar's
// range is calendar-view.ts).
import type { Kysely } from 'kysely';
import {
  NEEDS_ATTENTION,
  type PlanItem,
  type PostFilter,
  type PostSummary,
  type QueueView,
} from '../../../src-preload/bridge';
import { groupBy } from '../collections';
import { listNeedingAttention, listOpenOpsOfPosts } from '../outbox/op-queries';
import { listQueueCandidates, type PlannedRow } from '../store/planning-queries';
import type { Database, OutboxOpRow, PostRow } from '../store/schema';
import { variantView } from './views';

/** A post matches a state by its own state or by any of its variants' (a live LinkedIn variant
 * makes the post "Published" to the filter even while its X variant is still scheduled). */
export function matchesFilter(post: Pick<PostSummary, 'state' | 'variants'>, filter: PostFilter): boolean {
  if (filter === 'all') return true;
  return post.state === filter || post.variants.some((v) => v.state === filter);
}

function firstLine(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

function planItems(rows: PlannedRow[], posts: Map<string, PostRow>, ops: OutboxOpRow[]): PlanItem[] {
  const opsBy = groupBy(ops, (o) => o.post_id);
  const out: PlanItem[] = [];
  for (const r of rows) {
    const post = posts.get(r.post_id);
    if (!post) continue;
    const view = variantView(r, post, opsBy.get(r.post_id) ?? []);
    out.push({
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
    });
  }
  return out;
}

/** Plan items of these rows, each with its state and actions (from its post's open ops). */
export async function itemsOf(db: Kysely<Database>, rows: PlannedRow[]): Promise<PlanItem[]> {
  const ids = [...new Set(rows.map((r) => r.post_id))];
  // A variant's state needs only its post's workspace, which the rows carry: no post rows read.
  const posts = new Map(rows.map((r) => [r.post_id, { workspace: r.post_workspace } as PostRow]));
  const ops = await listOpenOpsOfPosts(db, ids);
  return planItems(rows, posts, ops);
}

const PUBLISHED_SHOWN = 100;

/** planning.queue: the four sections of the queue, each in the order it is read. */
export async function queueView(
  db: Kysely<Database>,
  p: { workspace: string | null },
  now: Date,
): Promise<QueueView> {
  const items = await itemsOf(db, await listQueueCandidates(db, p.workspace, await listNeedingAttention(db)));
  const view: QueueView = { nextUp: [], waitingForSignOff: [], published: [], needsAttention: [] };
  const nowIso = now.toISOString();
  for (const item of items) {
    if (NEEDS_ATTENTION.has(item.state)) view.needsAttention.push(item);
    else if (item.state === 'published') view.published.push(item);
    else if (item.state === 'needs_approval') view.waitingForSignOff.push(item);
    // A time already past that is not published yet is still "next": it is due.
    else if (
      item.at !== null &&
      (item.state === 'scheduled' || item.state === 'pending_sync' || item.at >= nowIso)
    )
      view.nextUp.push(item);
  }
  view.published.reverse();
  view.published = view.published.slice(0, PUBLISHED_SHOWN);
  return view;
}

/** A profile's handle from the service's raw fields (`handle`, else `username`), when it sent one. */
export function profileHandle(raw: string): string | null {
  try {
    const r = JSON.parse(raw) as { handle?: unknown; username?: unknown };
    const h = typeof r.handle === 'string' ? r.handle : typeof r.username === 'string' ? r.username : null;
    return h?.trim() ? h.trim() : null;
  } catch {
    return null;
  }
}
