// Colleagues' changes wherever they are. The service's post listing carries no change stamp and
// no change feed (its posts give only an id and a title), so a time or a text changed elsewhere
// is seen only by reading the post's variants again. Each sync reads again, longest ago first and
// within a bounded number of requests a minute: the posts the window shows (the open post first),
// then those with a variant scheduled in the next 7 days, each when its last read is older than
// the light sync's interval, so a change there shows within a minute; then, as a rolling sweep,
// any post not read for 14 minutes, so the rest shows within a quarter hour while the budget
// allows (a large library is swept more slowly: the budget holds, and the status says when
// each part was last checked).
import type { SyncChecked } from '@preload/bridge';
import type { ServiceClient } from '../api/client';
import { importHolds, mergeVariantsOfPosts, type VariantsRead } from '../outbox/merge-variants';
import {
  postsPlannedIn,
  readOfPart,
  readOfPosts,
  staleAmong,
  staleLongest,
  staleScheduledWithin,
  type PartRead,
  type ReadablePost,
} from '../store/reread-queries';
import { listUnavailableWorkspaces } from '../store/workspace-repository';
import { logDecision, type SyncContext } from '../store/unit-of-work';
import { concernsAll } from './pull-all';
import { giveWay } from '../give-way';
import { messageOf } from '../error-message';

/** On screen and in the next 7 days: read again once older than this (under the 45 s interval). */
export const WATCHED_READ_EVERY_MS = 30_000;
/** Everything else: read again once older than this, so a whole sweep fits in a quarter hour. */
export const SWEPT_READ_EVERY_MS = 14 * 60_000;
/** "The next 7 days". */
export const NEXT_WEEK_MS = 7 * 24 * 3600_000;
/** Variant reads the re-reads may spend a minute, on average: the idle budget's share. */
export const REREADS_PER_MINUTE = 12;
/** Variant reads one sync may spend at most (the credit saved up while nothing was read). */
export const REREADS_AT_ONCE = 9;

/** What the window shows: the open post, the posts in view, the time ranges in view. */
export interface Screen {
  openPostId: string | null;
  postIds: string[];
  ranges: Array<{ from: string; to: string }>;
}

export const EMPTY_SCREEN: Screen = { openPostId: null, postIds: [], ranges: [] };

/**
 * A credit of reads that grows with time (REREADS_PER_MINUTE) up to REREADS_AT_ONCE: however
 * often syncs run (edits, focus, wake-ups), the re-reads cost no more than their share a minute.
 */
export class RereadBudget {
  #credit = REREADS_AT_ONCE;
  #at: number | null = null;

  /** The whole reads available at `now`. */
  available(now: number): number {
    if (this.#at !== null)
      this.#credit = Math.min(
        REREADS_AT_ONCE,
        this.#credit + ((now - this.#at) / 60_000) * REREADS_PER_MINUTE,
      );
    this.#at = now;
    return Math.floor(this.#credit);
  }

  spend(reads: number): void {
    this.#credit -= reads;
  }
}

/** The posts the screen shows (the open post first), each once. */
async function screenPosts(ctx: SyncContext, screen: Screen): Promise<string[]> {
  const planned = await postsPlannedIn(ctx.db, screen.ranges);
  const ids = [screen.openPostId, ...screen.postIds, ...planned].filter((id): id is string => id !== null);
  return [...new Set(ids)];
}

async function leftOut(ctx: SyncContext): Promise<string[]> {
  return (await listUnavailableWorkspaces(ctx.db)).map((w) => w.slug);
}

/** What a paged scan awaits between its pages: the window's commands come first (give-way.ts). */
const windowBetween = (ctx: SyncContext) => (): Promise<void> => giveWay(ctx.window);

/** The posts to read now, most pressing first, at most `limit`; the sweep's only when `sweep`. */
async function postsToReread(
  ctx: SyncContext,
  screen: Screen,
  limit: number,
  sweep: boolean,
): Promise<ReadablePost[]> {
  if (limit <= 0) return [];
  const now = ctx.clock.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const out = await leftOut(ctx);
  const watchedBefore = iso(now - WATCHED_READ_EVERY_MS);
  const chosen = new Map<string, ReadablePost>();
  const take = (posts: ReadablePost[]) => {
    for (const p of posts) if (chosen.size < limit) chosen.set(p.id, p);
  };
  const shown = await staleAmong(ctx.db, await screenPosts(ctx, screen), watchedBefore, out);
  const open = shown.findIndex((p) => p.id === screen.openPostId);
  if (open > 0) shown.unshift(...shown.splice(open, 1));
  take(shown);
  // Each part asks for `limit`: some of its posts may be chosen already.
  const range = { now: iso(now), until: iso(now + NEXT_WEEK_MS), readBefore: watchedBefore };
  if (chosen.size < limit) take(await staleScheduledWithin(ctx.db, { ...range, limit }, out));
  const sweptBefore = iso(now - SWEPT_READ_EVERY_MS);
  if (sweep && chosen.size < limit)
    take(await staleLongest(ctx.db, { readBefore: sweptBefore, limit }, out, windowBetween(ctx)));
  return [...chosen.values()];
}

/**
 * Reads again, within the budget, the variants of the posts that most need it (see the top of
 * this file): a time or a text changed elsewhere is merged (three-way, as in a pull), a variant
 * added elsewhere imported. A full pull leaves the sweep out (`sweep` false): its own rotation
 * reads the posts read longest ago.
 */
export async function rereadPosts(
  ctx: SyncContext,
  client: ServiceClient,
  watched: { screen: Screen; budget: RereadBudget },
  sweep: boolean,
): Promise<void> {
  const { screen, budget } = watched;
  const posts = await postsToReread(ctx, screen, budget.available(ctx.clock.now().getTime()), sweep);
  if (posts.length === 0) return;
  budget.spend(posts.length);
  const holds = await importHolds(ctx, 'create_variant', (r) => r.post_id);
  const reads: VariantsRead[] = [];
  for (const post of posts) {
    try {
      const variants = await client.listVariants(post.workspace, post.server_id);
      const hold = holds.get(post.id);
      reads.push({ post, variants, importHold: hold ?? null, readInFull: hold === undefined });
    } catch (error) {
      if (concernsAll(error)) throw error;
      await logDecision(ctx, {
        action: 'reread_failed',
        reason: messageOf(error),
        postId: post.id,
      });
    }
  }
  await mergeVariantsOfPosts(ctx, reads);
}

/** Since when a part has been read in full: its oldest read; `fallback` when it holds no post. */
function since(read: PartRead, fallback: string | null): string | null {
  if (read.posts === 0) return fallback;
  return read.never > 0 ? null : read.oldest;
}

/** When each part was last checked; `lastRead`: when the service was last read (for empty parts). */
export async function checkedParts(
  ctx: SyncContext,
  screen: Screen,
  lastRead: string | null,
): Promise<SyncChecked> {
  const now = ctx.clock.now().getTime();
  const out = await leftOut(ctx);
  const between = windowBetween(ctx);
  const week = { now: new Date(now).toISOString(), until: new Date(now + NEXT_WEEK_MS).toISOString() };
  return {
    onScreen: since(await readOfPosts(ctx.db, await screenPosts(ctx, screen), out), lastRead),
    nextWeek: since(await readOfPart(ctx.db, week, out, between), lastRead),
    everything: since(await readOfPart(ctx.db, null, out, between), lastRead),
  };
}
