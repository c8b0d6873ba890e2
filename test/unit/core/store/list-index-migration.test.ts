// Migration 0023: the post list's index holds whether a post is hidden here, and a search
// compares titles as the index holds them, so a search's walk down the list reads the index
// alone. Same posts found, same order; only the reads change.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src-main/core/store/db';
import { orderListed, whereListed, type PostListSpec } from '../../../../src-main/core/store/post-list-query';
import { listPageWindow, listPageWindowQuery } from '../../../../src-main/core/store/post-list-query';
import { searchCopy, searchWords } from '../../../../src-main/core/store/search-text';
import { queryPlan } from './query-plan';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-mig23-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const spec = (query: string, hidden = false): PostListSpec => ({
  workspace: 'acme',
  words: searchWords(query),
  hidden,
  sort: 'changed',
});

describe('0023-list-index-hidden', () => {
  it('finds the same posts in the same order, and a search walks the list through its index alone', async () => {
    const file = join(dir, 'b23.db');
    const before = await openDatabase({ file, migrateTo: '0022-version-total' });
    const posts: Array<[id: string, title: string, text: string, hidden: boolean]> = [
      ['p0', 'Launch Day', 'New beans today', false],
      ['p1', 'Été à Paris', 'Un CAFÉ en terrasse', false],
      ['p2', 'COFFEE MORNING', 'Come early', false],
      ['p3', 'Hidden coffee', 'Not shown in the list', true],
      ['p4', 'Straße', 'Coffee and cake', false],
      ['p5', 'Winter menu', 'Cocoa only', false],
    ];
    for (const [i, [id, title, text, hidden]] of posts.entries()) {
      const at = `2026-11-30T10:0${i}:00.000Z`;
      await sql`insert into post (id, workspace, title, search_title, hidden_at, created_at, updated_at)
        values (${id}, 'acme', ${title}, ${searchCopy(title)}, ${hidden ? at : null}, ${at}, ${at})`.execute(
        before.db,
      );
      await sql`insert into variant (id, post_id, platform, content, search_content, account_mode, created_at, updated_at)
        values (${`${id}-x`}, ${id}, 'x', ${text}, ${searchCopy(text)}, 'none', ${at}, ${at})`.execute(
        before.db,
      );
    }
    // Before: the walk reads every post's row from the table (its title and whether it is hidden).
    expect(
      await queryPlan(before.db, listPageWindowQuery(before.db, spec('coffee'), { from: 0, size: 100 })),
    ).not.toContain('COVERING INDEX');
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0023-list-index-hidden' });
    const listed = async (query: string, hidden = false) =>
      (await listPageWindow(after.db, spec(query, hidden), { from: 0, size: 100 }))
        .filter((w) => w.listed)
        .map((w) => w.id);
    // Newest change first. In a title or a text, upper case or lower, with accents or without.
    expect(await listed('coffee')).toEqual(['p4', 'p2']);
    expect(await listed('cafe')).toEqual(['p1']);
    expect(await listed('ete paris')).toEqual(['p1']);
    expect(await listed('strasse')).toEqual(['p4']);
    expect(await listed('AUNCH')).toEqual(['p0']);
    expect(await listed('coffee', true)).toEqual(['p3']);
    const whole = await orderListed(
      whereListed(after.db.selectFrom('post').select('post.id'), spec('e')),
      'changed',
    ).execute();
    expect(whole.map((r) => r.id)).toEqual(['p5', 'p4', 'p2', 'p1', 'p0']);

    // A page of a search, and the first screenful's walk: the index alone, in its own order.
    const page = await queryPlan(
      after.db,
      listPageWindowQuery(after.db, spec('coffee'), { from: 0, size: 100 }),
    );
    expect(page).toContain('COVERING INDEX post_changed_order');
    expect(page).not.toContain('TEMP B-TREE');
    const firstScreenful = orderListed(
      whereListed(after.db.selectFrom('post').select('post.id'), spec('coffee')),
      'changed',
    ).limit(60);
    const first = await queryPlan(after.db, firstScreenful);
    expect(first).toContain('COVERING INDEX post_changed_order');
    expect(first).not.toContain('TEMP B-TREE');
    // The list of the posts hidden here walks the same index.
    expect(
      await queryPlan(after.db, listPageWindowQuery(after.db, spec('', true), { from: 0, size: 100 })),
    ).toContain('post_changed_order');
    await after.close();
  });
});
