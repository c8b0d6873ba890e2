// Scans of every linked post go a page at a time so the window's commands can come between the
// pages (core/give-way.ts). Paged, they must still count and find what one statement would, on
// a real SQLite store with more posts than a page holds.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { activeLinkedPostsPage } from '../../../../src-main/core/store/post-repository';
import { PART_READ_PAGE, readOfPart } from '../../../../src-main/core/store/reread-queries';
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
});
