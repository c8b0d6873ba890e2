// Which linked posts a sync reads again, by part of the library (on screen, scheduled in the
// next days, all of it), read longest ago first, and since when each part has been read.
import type { Kysely } from 'kysely';
import { selectByIds } from './chunks';
import { NOT_PUBLISHED, PLAN_AT } from './planning-queries';
import type { Database } from './schema';

/** A linked post whose variants can be read from the service. */
export type ReadablePost = { id: string; server_id: string; workspace: string };

/** Posts planned in the ranges a window shows, at most this many (a month of a large library). */
const PLANNED_IN_RANGES_AT_MOST = 5_000;

/** Active posts linked to the service, outside the workspaces left out (those without access). */
function linkedActive(db: Kysely<Database>, leftOut: readonly string[]) {
  return db
    .selectFrom('post')
    .where('post.server_id', 'is not', null)
    .where('post.workspace', 'is not', null)
    .where('post.remote_state', '=', 'active')
    .$if(leftOut.length > 0, (q) => q.where('post.workspace', 'not in', leftOut));
}

const asReadable = (rows: Array<{ id: string; server_id: string | null; workspace: string | null }>) =>
  rows.map((r) => ({ id: r.id, server_id: r.server_id as string, workspace: r.workspace as string }));

/** Linked active posts not read since `readBefore` (or never), with when they were read. */
function staleLinked(db: Kysely<Database>, leftOut: readonly string[], readBefore: string) {
  return linkedActive(db, leftOut)
    .select(['post.id', 'post.server_id', 'post.workspace', 'post.variants_read_at'])
    .where((eb) =>
      eb.or([eb('post.variants_read_at', 'is', null), eb('post.variants_read_at', '<', readBefore)]),
    );
}

/** A row of staleLinked. */
type StaleRow = Awaited<ReturnType<ReturnType<typeof staleLinked>['execute']>>[number];

/** Read longest ago first, never read before all (as SQLite sorts null first); ties keep their order. */
const longestAgoFirst = (a: StaleRow, b: StaleRow) =>
  (a.variants_read_at ?? '').localeCompare(b.variants_read_at ?? '');

/** The local ids of the posts with a variant planned (scheduled, or published) in one of `ranges`. */
export async function postsPlannedIn(
  db: Kysely<Database>,
  ranges: ReadonlyArray<{ from: string; to: string }>,
): Promise<string[]> {
  const ids = new Set<string>();
  for (const range of ranges) {
    const rows = await db
      .selectFrom('variant')
      .select('variant.post_id as id')
      .where(PLAN_AT, '>=', range.from)
      .where(PLAN_AT, '<', range.to)
      .limit(PLANNED_IN_RANGES_AT_MOST)
      .execute();
    for (const r of rows) ids.add(r.id);
  }
  return [...ids];
}

/** Of these posts, those not read since `readBefore`, longest ago (or never) first. */
export async function staleAmong(
  db: Kysely<Database>,
  ids: readonly string[],
  readBefore: string,
  leftOut: readonly string[],
): Promise<ReadablePost[]> {
  const rows = await selectByIds(ids, (part) =>
    staleLinked(db, leftOut, readBefore).where('post.id', 'in', part).execute(),
  );
  return asReadable(rows.sort(longestAgoFirst));
}

/**
 * The posts with a variant still to go out in (now, until], found through the index on the
 * planned time (a variant not yet published is planned at its scheduled time). Asked of every
 * post instead, through an EXISTS on its variants, it walked the whole library: 65 ms at 50,000
 * posts, at each light sync.
 */
async function postsScheduledWithin(
  db: Kysely<Database>,
  range: { now: string; until: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom('variant')
    .select('variant.post_id as id')
    .distinct()
    .where(PLAN_AT, '>', range.now)
    .where(PLAN_AT, '<=', range.until)
    .where(NOT_PUBLISHED)
    .execute();
  return rows.map((r) => r.id);
}

/** Posts with a variant scheduled in (now, until] not read since `readBefore`, longest ago first. */
export async function staleScheduledWithin(
  db: Kysely<Database>,
  range: { now: string; until: string; readBefore: string; limit: number },
  leftOut: readonly string[],
): Promise<ReadablePost[]> {
  const stale = await staleAmong(db, await postsScheduledWithin(db, range), range.readBefore, leftOut);
  return stale.slice(0, range.limit);
}

/** The id of the `PART_READ_PAGE`th linked post after `after`; null when fewer are left. */
async function pageEnd(db: Kysely<Database>, leftOut: readonly string[], after: string | null) {
  const row = await linkedActive(db, leftOut)
    .$if(after !== null, (q) => q.where('post.id', '>', after as string))
    .select('post.id')
    .orderBy('post.id')
    .limit(1)
    .offset(PART_READ_PAGE - 1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Any linked posts not read since `readBefore`, longest ago (or never) first: the sweep's turn.
 * Sorting every linked post at once held the core's thread 11 ms at 50,000 posts, so each page
 * of posts in local id order gives its own longest ago, with `between` awaited between the
 * pages, and the longest ago of those are the answer.
 */
export async function staleLongest(
  db: Kysely<Database>,
  range: { readBefore: string; limit: number },
  leftOut: readonly string[],
  between: () => Promise<void> = () => Promise.resolve(),
): Promise<ReadablePost[]> {
  let longestAgo: StaleRow[] = [];
  for (let after: string | null = null; ;) {
    const upTo = await pageEnd(db, leftOut, after);
    const page = await staleLinked(db, leftOut, range.readBefore)
      .$if(after !== null, (q) => q.where('post.id', '>', after as string))
      .$if(upTo !== null, (q) => q.where('post.id', '<=', upTo as string))
      .orderBy('post.variants_read_at')
      .limit(range.limit)
      .execute();
    longestAgo = [...longestAgo, ...page].sort(longestAgoFirst).slice(0, range.limit);
    if (upTo === null) return asReadable(longestAgo);
    after = upTo;
    await between();
  }
}

/** Since when every post of a part was read: `posts` of them, `never` never read, the oldest read. */
export interface PartRead {
  posts: number;
  never: number;
  oldest: string | null;
}

function partRead(
  row: { posts: number | string; never: number | string | null; oldest: string | null } | undefined,
): PartRead {
  return { posts: Number(row?.posts ?? 0), never: Number(row?.never ?? 0), oldest: row?.oldest ?? null };
}

/** How these posts were read (only the linked, active ones count). */
export async function readOfPosts(
  db: Kysely<Database>,
  ids: readonly string[],
  leftOut: readonly string[],
): Promise<PartRead> {
  const parts = await selectByIds(ids, async (part) => [
    await linkedActive(db, leftOut)
      .where('post.id', 'in', part)
      .select((eb) => [
        eb.fn.countAll<number>().as('posts'),
        eb.fn
          .sum<number>(eb.case().when('post.variants_read_at', 'is', null).then(1).else(0).end())
          .as('never'),
        eb.fn.min<string>('post.variants_read_at').as('oldest'),
      ])
      .executeTakeFirst(),
  ]);
  const read = parts.map(partRead);
  const oldest = read.map((r) => r.oldest).filter((o): o is string => o !== null);
  return {
    posts: read.reduce((n, r) => n + r.posts, 0),
    never: read.reduce((n, r) => n + r.never, 0),
    oldest: oldest.length === 0 ? null : oldest.reduce((a, b) => (a < b ? a : b)),
  };
}

/** Posts a part's reading is counted over at a time: every linked post is a scan, taken in steps. */
export const PART_READ_PAGE = 5_000;

/**
 * How the posts with a variant scheduled in (now, until] were read; with `range` null, every
 * linked post, counted a page of posts at a time in local id order (the primary key's), with
 * `between` awaited between pages: at 50,000 posts the count in one statement held the core's
 * thread for a tenth of a second.
 */
export async function readOfPart(
  db: Kysely<Database>,
  range: { now: string; until: string } | null,
  leftOut: readonly string[],
  between: () => Promise<void> = () => Promise.resolve(),
): Promise<PartRead> {
  if (range !== null) return readOfPosts(db, await postsScheduledWithin(db, range), leftOut);
  const total: PartRead = { posts: 0, never: 0, oldest: null };
  for (let after: string | null = null; ;) {
    const { read, last } = await readOfPage(db, leftOut, after);
    total.posts += read.posts;
    total.never += read.never;
    if (read.oldest !== null && (total.oldest === null || read.oldest < total.oldest))
      total.oldest = read.oldest;
    if (read.posts < PART_READ_PAGE || last === null) return total;
    after = last;
    await between();
  }
}

/** readOfPart's count over the page of posts after `after`, and the page's last id. */
async function readOfPage(
  db: Kysely<Database>,
  leftOut: readonly string[],
  after: string | null,
): Promise<{ read: PartRead; last: string | null }> {
  const page = linkedActive(db, leftOut)
    .$if(after !== null, (q) => q.where('post.id', '>', after as string))
    .select(['post.id', 'post.variants_read_at'])
    .orderBy('post.id')
    .limit(PART_READ_PAGE)
    .as('page');
  const row = await db
    .selectFrom(page)
    .select((eb) => [
      eb.fn.countAll<number>().as('posts'),
      eb.fn
        .sum<number>(eb.case().when('page.variants_read_at', 'is', null).then(1).else(0).end())
        .as('never'),
      eb.fn.min<string>('page.variants_read_at').as('oldest'),
      eb.fn.max<string>('page.id').as('last'),
    ])
    .executeTakeFirst();
  return { read: partRead(row), last: row?.last ?? null };
}
