// Scans of every linked post go a page at a time so the window's commands can come between the
// pages (core/give-way.ts). Paged, they must still count and find what one statement would, on
// a real SQLite store with more posts than a page holds.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { activeLinkedPostsPage } from '../../../../src-main/core/store/post-repository';
import {
  PART_READ_PAGE,
  readOfPart,
  staleLongest,
  staleScheduledWithin,
} from '../../../../src-main/core/store/reread-queries';
import type { NewPostRow } from '../../../../src-main/core/store/schema';
import { useTempStore } from './temp-store';

const store = useTempStore('outpost-paged-scans-');

/** Post `i`: linked in `ws-a` or `ws-b`, one in seven removed there, one in five never read. */
function post(i: number): NewPostRow {
  const day = String(1 + (i % 28)).padStart(2, '0');
  return {
    id: `p${String(i).padStart(6, '0')}`,
    server_id: `s${i}`,
    workspace: i % 3 === 0 ? 'ws-b' : 'ws-a',
    title: `Post ${i}`,
    base: null,
    remote_state: i % 7 === 0 ? 'removed' : 'active',
    conflict: null,
    error: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    variants_read_at: i % 5 === 0 ? null : `2026-11-${day}T00:00:00.000Z`,
  };
}

async function seed(count: number): Promise<NewPostRow[]> {
  const rows = Array.from({ length: count }, (_, i) => post(i + 1));
  for (let i = 0; i < rows.length; i += 500)
    await store.db
      .insertInto('post')
      .values(rows.slice(i, i + 500))
      .execute();
  // And one draft never linked, which no scan counts.
  await sql`insert into post (id, server_id, workspace, title, remote_state, created_at, updated_at)
            values ('draft', null, 'ws-a', 'Draft', 'active', '', '')`.execute(store.db);
  return rows;
}

describe('paged scans of the linked posts', () => {
  it('readOfPart counts every linked post over several pages, as one statement would', async () => {
    const rows = await seed(PART_READ_PAGE * 2 + 321);
    let pauses = 0;
    const read = await readOfPart(store.db, null, ['ws-b'], () => Promise.resolve(void pauses++));
    const counted = rows.filter((r) => r.remote_state === 'active' && r.workspace !== 'ws-b');
    const readAt = counted.map((r) => r.variants_read_at).filter((at): at is string => at != null);
    expect(read).toEqual({
      posts: counted.length,
      never: counted.filter((r) => r.variants_read_at == null).length,
      oldest: readAt.sort()[0],
    });
    // The window could come in between the pages.
    expect(pauses).toBe(Math.ceil(counted.length / PART_READ_PAGE) - 1);
  });

  it('staleLongest takes the longest ago over several pages, as one sorted statement would', async () => {
    const rows = await seed(PART_READ_PAGE * 2 + 321);
    let pauses = 0;
    const readBefore = '2026-11-10T00:00:00.000Z';
    const stale = await staleLongest(store.db, { readBefore, limit: 2_500 }, ['ws-b'], () =>
      Promise.resolve(void pauses++),
    );
    const candidates = rows.filter(
      (r) =>
        r.remote_state === 'active' &&
        r.workspace !== 'ws-b' &&
        (r.variants_read_at == null || r.variants_read_at < readBefore),
    );
    const readAt = (id: string) => rows.find((r) => r.id === id)?.variants_read_at ?? '';
    // Never read first, then by the time of reading; which of a tie comes first is not promised.
    const expected = candidates
      .map((r) => r.variants_read_at ?? '')
      .sort()
      .slice(0, 2_500);
    expect(stale.map((p) => readAt(p.id))).toEqual(expected);
    expect(new Set(stale.map((p) => p.id)).size).toBe(2_500);
    expect(stale.every((p) => candidates.some((c) => c.id === p.id && c.server_id === p.server_id))).toBe(
      true,
    );
    const linked = rows.filter((r) => r.remote_state === 'active' && r.workspace !== 'ws-b').length;
    expect(pauses).toBe(Math.ceil(linked / PART_READ_PAGE) - 1);
  });

  it('activeLinkedPostsPage walks a workspace in id order, each active linked post once', async () => {
    const rows = await seed(1_234);
    const seen: string[] = [];
    for (let after: string | null = null; ;) {
      const page = await activeLinkedPostsPage(store.db, 'ws-a', after, 100);
      seen.push(...page.map((p) => p.id));
      if (page.length < 100) break;
      after = page.at(-1)?.id ?? null;
    }
    const expected = rows
      .filter((r) => r.workspace === 'ws-a' && r.remote_state === 'active')
      .map((r) => r.id)
      .sort();
    expect(seen).toEqual(expected);
  });

  it('the posts scheduled in the next days are found through the planned time, not a walk of every post', async () => {
    const rows = await seed(2_000);
    const week = { now: '2026-11-29T12:00:00.000Z', until: '2026-12-06T12:00:00.000Z' };
    // id, post, scheduled time, published link (post i is in ws-b when i % 3 is 0, removed when
    // i % 7 is 0, never read when i % 5 is 0)
    const variants: Array<[string, string, string | null, string | null]> = [
      ['in-week', 'p000011', '2026-12-01T09:00:00.000Z', null],
      ['at-until', 'p000020', week.until, null],
      ['twice-a', 'p000013', '2026-11-30T09:00:00.000Z', null],
      ['twice-b', 'p000013', '2026-12-02T09:00:00.000Z', null],
      ['now-is-past', 'p000016', week.now, null],
      ['after-week', 'p000017', '2026-12-07T09:00:00.000Z', null],
      ['published', 'p000019', '2026-12-01T09:00:00.000Z', 'https://example.com/p/1'],
      ['removed-post', 'p000070', '2026-12-01T09:00:00.000Z', null],
      ['other-ws', 'p000003', '2026-12-01T09:00:00.000Z', null],
      ['draft-post', 'draft', '2026-12-01T09:00:00.000Z', null],
    ];
    for (const [id, postId, at, link] of variants)
      await sql`insert into variant (id, post_id, platform, content, account_mode, scheduled_at, platform_post_url, created_at, updated_at)
        values (${id}, ${postId}, 'x', 'text', 'none', ${at}, ${link}, '', '')`.execute(store.db);
    // Linked, active, outside the left-out workspace, with a variant still to go out in (now, until].
    const expected = ['p000011', 'p000020', 'p000013'];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const readAt = expected.map((id) => byId.get(id)?.variants_read_at ?? null);
    expect(await readOfPart(store.db, week, ['ws-b'])).toEqual({
      posts: 3,
      never: readAt.filter((at) => at === null).length,
      oldest: readAt.filter((at): at is string => at !== null).sort()[0] ?? null,
    });
    const stale = await staleScheduledWithin(
      store.db,
      { ...week, readBefore: '2026-12-31T00:00:00.000Z', limit: 2 },
      ['ws-b'],
    );
    const longestAgo = [...expected].sort((a, b) =>
      (byId.get(a)?.variants_read_at ?? '').localeCompare(byId.get(b)?.variants_read_at ?? ''),
    );
    expect(stale.map((p) => p.id)).toEqual(longestAgo.slice(0, 2));
  });
});
