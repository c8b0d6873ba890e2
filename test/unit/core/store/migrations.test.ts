import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError, openDatabase } from '../../../../src-main/core/store/db';
import { LATEST_MIGRATION, MIGRATIONS } from '../../../../src-main/core/store/migrations/index';
import { variantsLinkedTo } from '../../../../src-main/core/outbox/links';
import { listPlacedInRange, placedInRangeQuery } from '../../../../src-main/core/store/planning-queries';
import {
  listPostSummaryRows,
  postBase,
  unreadLinkedPostsQuery,
} from '../../../../src-main/core/store/post-repository';
import { orderListed, whereListed } from '../../../../src-main/core/store/post-list-query';
import { foldForSearch, searchWords } from '../../../../src-main/core/store/search-text';
import { variantBase } from '../../../../src-main/core/store/variant-repository';
import { queryPlan } from './query-plan';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-mig-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('are named NNNN-name and in order', () => {
    const names = Object.keys(MIGRATIONS);
    expect(names).toEqual([...names].sort());
    for (const n of names) expect(n).toMatch(/^\d{4}-[a-z0-9-]+$/);
    expect(LATEST_MIGRATION).toBe(names.at(-1));
  });

  it("answer Kysely's Migrator which tables exist, its own only when it asks for them", async () => {
    const opened = await openDatabase({ file: join(dir, 'a.db') });
    try {
      await sql`create view post_titles as select title from post`.execute(opened.db);
      const names = (tables: Array<{ name: string }>) => tables.map((t) => t.name);
      const app = await opened.db.introspection.getTables();
      expect(names(app)).toContain('post');
      expect(names(app)).not.toContain('kysely_migration');
      expect(app.find((t) => t.name === 'post_titles')?.isView).toBe(true);
      expect(app.find((t) => t.name === 'post')?.isView).toBe(false);
      const all = await opened.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(names(all)).toEqual(
        expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'post']),
      );
      expect(names(all).filter((n) => n.startsWith('sqlite_'))).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('0001-initial: creates every table, WAL and foreign keys on', async () => {
    const file = join(dir, 'a.db');
    const opened = await openDatabase({ file, migrateTo: '0001-initial' });
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      opened.db,
    );
    const names = tables.rows.map((r) => r.name);
    for (const t of [
      'connection',
      'setting',
      'workspace',
      'social_profile',
      'post',
      'variant',
      'outbox_op',
      'activity_entry',
      'skill',
      'sync_log',
    ])
      expect(names).toContain(t);
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(opened.db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(opened.db);
    expect(fk.rows[0]?.foreign_keys).toBe(1);
    // No column anywhere may hold a token.
    for (const t of names) {
      const cols = await sql<{ name: string }>`select name from pragma_table_info(${t})`.execute(opened.db);
      for (const c of cols.rows) expect(c.name).not.toMatch(/token|secret/i);
    }
    // The account mode is constrained to its three states.
    await sql`insert into post (id, title, created_at, updated_at) values ('p', 't', 'x', 'x')`.execute(
      opened.db,
    );
    await expect(
      sql`insert into variant (id, post_id, platform, content, account_mode, created_at, updated_at) values ('v', 'p', 'x', 'c', 'maybe', 'x', 'x')`.execute(
        opened.db,
      ),
    ).rejects.toThrow(/CHECK/);
    await opened.close();
  });

  it('0002-reconcile: keeps existing variants and adds reconcile columns', async () => {
    const file = join(dir, 'b.db');
    const first = await openDatabase({ file, migrateTo: '0001-initial' });
    await sql`insert into post (id, title, created_at, updated_at) values ('p1', 'Hello', 'x', 'x')`.execute(
      first.db,
    );
    await sql`insert into variant (id, post_id, platform, content, account_mode, scheduled_at, created_at, updated_at)
      values ('v1', 'p1', 'bluesky', 'text', 'none', '2030-01-01T00:00:00.000Z', 'x', 'x')`.execute(first.db);
    await first.close();

    const second = await openDatabase({ file, migrateTo: '0002-reconcile' });
    const v = await second.db
      .selectFrom('variant')
      .selectAll()
      .where('id', '=', 'v1')
      .executeTakeFirstOrThrow();
    expect(v.content).toBe('text');
    expect(v.scheduled_at).toBe('2030-01-01T00:00:00.000Z');
    expect(v.reconcile_at).toBeNull();
    expect(v.reconcile_attempts).toBe(0);
    await second.close();
  });

  it('refuses a database from a newer version without touching it', async () => {
    const file = join(dir, 'new.db');
    const opened = await openDatabase({ file });
    await opened.close();
    const raw = new BetterSqlite3(file);
    raw.prepare("insert into kysely_migration (name, timestamp) values ('9999-from-the-future', 'x')").run();
    raw.close();
    const before = readFileSync(file);
    const mtime = statSync(file).mtimeMs;
    const error = await openDatabase({ file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseTooNewError);
    expect((error as Error).message).toMatch(/newer version of Outpost.*9999-from-the-future.*untouched/s);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(mtime);
  });
});

describe('0003-attention-indexes', () => {
  it('keeps rows and lets the status counts use partial indexes', async () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'outpost-mig3-'));
    try {
      const file = join(dir2, 'd.db');
      const before = await openDatabase({ file, migrateTo: '0002-reconcile' });
      await sql`insert into post (id, title, conflict, created_at, updated_at) values ('p1', 'T', '[]', 'x', 'x')`.execute(
        before.db,
      );
      await before.close();
      const after = await openDatabase({ file, migrateTo: '0003-attention-indexes' });
      const post = await after.db.selectFrom('post').selectAll().executeTakeFirstOrThrow();
      expect(post.conflict).toBe('[]');
      const plan = await sql<{
        detail: string;
      }>`explain query plan select count(*) from variant where conflict is not null`.execute(after.db);
      expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/variant_conflict/);
      await after.close();
    } finally {
      rmSync(dir2, { recursive: true, force: true });
    }
  });
});

describe('0004-variant-refresh', () => {
  it('keeps posts and marks none as read, so the first full pull reads them all', async () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'outpost-mig4-'));
    try {
      const file = join(dir2, 'e.db');
      const before = await openDatabase({ file, migrateTo: '0003-attention-indexes' });
      await sql`insert into post (id, server_id, workspace, title, created_at, updated_at) values ('p1', '7', 'acme', 'T', 'x', 'x')`.execute(
        before.db,
      );
      await before.close();
      const after = await openDatabase({ file, migrateTo: '0004-variant-refresh' });
      const post = await after.db.selectFrom('post').selectAll().executeTakeFirstOrThrow();
      expect(post).toMatchObject({ id: 'p1', server_id: '7', title: 'T', variants_read_at: null });
      await after.close();
    } finally {
      rmSync(dir2, { recursive: true, force: true });
    }
  });

  it('0005-outbox-machine: moves publish-unknown facts onto the op, closes update_post, adds workspace access', async () => {
    const file = join(dir, 'f.db');
    const before = await openDatabase({ file, migrateTo: '0004-variant-refresh' });
    const facts = JSON.stringify({
      requestedAt: '2030-01-01T00:00:00.000Z',
      reason: 'timeout',
      readBack: 'draft',
    });
    await sql`insert into workspace (slug, name, raw, seen_at) values ('acme', 'Acme', '{}', 'x')`.execute(
      before.db,
    );
    await sql`insert into post (id, server_id, workspace, title, created_at, updated_at) values ('p1', '7', 'acme', 'T', 'x', 'x')`.execute(
      before.db,
    );
    await sql`insert into variant (id, post_id, server_id, platform, content, account_mode, publish_unknown, created_at, updated_at)
      values ('v1', 'p1', '8', 'x', 'c', 'default', ${facts}, 'x', 'x'),
             ('v2', 'p1', '9', 'x', 'd', 'default', null, 'x', 'x')`.execute(before.db);
    const op = (id: string, seq: number, kind: string, state: string, variant: string | null) =>
      sql`insert into outbox_op (id, seq, kind, state, post_id, variant_id, payload, created_at, updated_at)
        values (${id}, ${seq}, ${kind}, ${state}, 'p1', ${variant}, '{}', 'x', 'x')`.execute(before.db);
    await op('o1', 1, 'publish', 'unknown', 'v1');
    await op('o2', 2, 'publish', 'unknown', 'v2');
    await op('o3', 3, 'update_post', 'pending', null);
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0005-outbox-machine' });
    const ops = await after.db
      .selectFrom('outbox_op')
      .select(['id', 'state', 'facts'])
      .orderBy('seq')
      .execute();
    // The publish the user had to decide on keeps its facts, now on the op; the other one is
    // still being read back; the never-sent rename is closed.
    expect(ops).toEqual([
      {
        id: 'o1',
        state: 'needs_user',
        facts: JSON.stringify({ publishUnknown: JSON.parse(facts) as unknown }),
      },
      { id: 'o2', state: 'unknown', facts: null },
      { id: 'o3', state: 'done', facts: null },
    ]);
    const columns = await sql<{ name: string }>`select name from pragma_table_info('variant')`.execute(
      after.db,
    );
    expect(columns.rows.map((c) => c.name)).not.toContain('publish_unknown');
    const ws = await after.db.selectFrom('workspace').select(['slug', 'access']).execute();
    expect(ws).toEqual([{ slug: 'acme', access: 'ok' }]);
    await after.close();
  });
});

describe('0006-post-list-order', () => {
  it('lists a screenful of posts changed at the same moment by walking one index', async () => {
    const file = join(dir, 'g.db');
    const opened = await openDatabase({ file, migrateTo: '0006-post-list-order' });
    // No sort of every tied post before the limit applies: the index gives the order.
    const plan = await sql<{ detail: string }>`explain query plan
      select id from post where workspace = ${'acme'} order by updated_at desc, id limit 60`.execute(
      opened.db,
    );
    const details = plan.rows.map((r) => r.detail).join(' | ');
    expect(details).toContain('post_list_order');
    expect(details).not.toContain('TEMP B-TREE');
    await opened.close();
  });
});

describe('0008-text-history', () => {
  it('keeps the drafts, adds versions that go with their variant or post, and finds them by index', async () => {
    const file = join(dir, 'h.db');
    const before = await openDatabase({ file, migrateTo: '0006-post-list-order' });
    await sql`insert into post (id, workspace, title, created_at, updated_at)
      values ('p1', 'acme', 'Launch', 'x', 'x'), ('p2', 'acme', 'Other', 'x', 'x')`.execute(before.db);
    await sql`insert into variant (id, post_id, platform, content, account_mode, created_at, updated_at)
      values ('v1', 'p1', 'x', 'Hello', 'none', 'x', 'x')`.execute(before.db);
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0008-text-history' });
    const db = after.db;
    expect(await db.selectFrom('variant').select(['id', 'content']).execute()).toEqual([
      { id: 'v1', content: 'Hello' },
    ]);
    const row = { at: '2030-01-01T09:00:00.000Z', origin: 'typed' as const };
    await db
      .insertInto('text_version')
      .values([
        { ...row, post_id: 'p1', variant_id: 'v1', number: 1, text: 'Hel' },
        { ...row, post_id: 'p1', variant_id: 'v1', number: 2, text: 'Hello' },
        { ...row, post_id: 'p1', variant_id: null, number: 1, text: 'Launch' },
        { ...row, post_id: 'p2', variant_id: null, number: 1, text: 'Other' },
      ])
      .execute();
    // A number is given once per text.
    await expect(
      db
        .insertInto('text_version')
        .values({ ...row, post_id: 'p1', variant_id: 'v1', number: 2, text: 'again' })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    const plan = async (query: string) =>
      (await sql<{ detail: string }>`${sql.raw(`explain query plan ${query}`)}`.execute(db)).rows
        .map((r) => r.detail)
        .join(' | ');
    expect(await plan("select * from text_version where variant_id = 'v1' order by number desc")).toContain(
      'text_version_variant',
    );
    expect(
      await plan(
        "select * from text_version where post_id = 'p1' and variant_id is null order by number desc",
      ),
    ).toContain('text_version_post');
    // A variant's versions go with it; a post's with the post.
    await sql`delete from variant where id = 'v1'`.execute(db);
    expect(await db.selectFrom('text_version').select(['post_id', 'variant_id']).execute()).toEqual([
      { post_id: 'p1', variant_id: null },
      { post_id: 'p2', variant_id: null },
    ]);
    await sql`delete from post where id = 'p1'`.execute(db);
    expect(await db.selectFrom('text_version').select('text').execute()).toEqual([{ text: 'Other' }]);
    await after.close();
  });
});

describe('0007-posting-slots', () => {
  it('adds posting times per account, checked and removed with their schedule, and an index of scheduled times', async () => {
    const file = join(dir, 'h.db');
    const before = await openDatabase({ file, migrateTo: '0006-post-list-order' });
    await sql`insert into post (id, workspace, title, created_at, updated_at) values ('p1', 'acme', 'Hello', 'x', 'x')`.execute(
      before.db,
    );
    await sql`insert into variant (id, post_id, platform, content, account_mode, scheduled_at, created_at, updated_at)
      values ('v1', 'p1', 'x', 'text', 'default', '2030-01-07T08:00:00.000Z', 'x', 'x')`.execute(before.db);
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0007-posting-slots' });
    // What was there is untouched.
    const v = await after.db.selectFrom('variant').select(['id', 'scheduled_at']).execute();
    expect(v).toEqual([{ id: 'v1', scheduled_at: '2030-01-07T08:00:00.000Z' }]);
    await sql`insert into posting_schedule (workspace, profile_id, zone, updated_at) values ('acme', '101', 'Europe/Berlin', 'x')`.execute(
      after.db,
    );
    await sql`insert into posting_slot (workspace, profile_id, weekday, minute) values ('acme', '101', 1, 540), ('acme', '101', 5, 750)`.execute(
      after.db,
    );
    await expect(
      sql`insert into posting_slot (workspace, profile_id, weekday, minute) values ('acme', '101', 8, 540)`.execute(
        after.db,
      ),
    ).rejects.toThrow(/CHECK/);
    await expect(
      sql`insert into posting_slot (workspace, profile_id, weekday, minute) values ('acme', '101', 1, 1440)`.execute(
        after.db,
      ),
    ).rejects.toThrow(/CHECK/);
    // A slot belongs to an account's schedule.
    await expect(
      sql`insert into posting_slot (workspace, profile_id, weekday, minute) values ('acme', '999', 1, 540)`.execute(
        after.db,
      ),
    ).rejects.toThrow(/FOREIGN KEY/);
    await sql`delete from posting_schedule where profile_id = '101'`.execute(after.db);
    expect(await after.db.selectFrom('posting_slot').selectAll().execute()).toEqual([]);
    const plan = await sql<{ detail: string }>`explain query plan
      select id from variant where scheduled_at >= ${'2030-01-01T00:00:00.000Z'}`.execute(after.db);
    expect(plan.rows.map((r) => r.detail).join(' | ')).toContain('variant_scheduled');
    await after.close();
  });
});

describe('0010-sign-off-accounts', () => {
  it('adds the accounts that answered "waiting for sign-off", one row per workspace and account', async () => {
    const file = join(dir, 'i.db');
    const before = await openDatabase({ file, migrateTo: '0007-posting-slots' });
    await sql`insert into post (id, workspace, title, created_at, updated_at) values ('p1', 'acme', 'Hello', 'x', 'x')`.execute(
      before.db,
    );
    await before.close();
    const after = await openDatabase({ file, migrateTo: '0010-sign-off-accounts' });
    expect(await after.db.selectFrom('post').select('id').execute()).toEqual([{ id: 'p1' }]);
    await sql`insert into sign_off_account (workspace, profile_id, seen_at) values ('acme', '105', 'x'), ('side', '105', 'x')`.execute(
      after.db,
    );
    await expect(
      sql`insert into sign_off_account (workspace, profile_id, seen_at) values ('acme', '105', 'y')`.execute(
        after.db,
      ),
    ).rejects.toThrow(/UNIQUE/);
    await after.close();
  });
});

describe('0009-hidden-posts', () => {
  it('keeps every post shown, and the list of hidden ones reads its own index', async () => {
    const file = join(dir, 'h.db');
    const before = await openDatabase({ file, migrateTo: '0006-post-list-order' });
    await sql`insert into post (id, server_id, workspace, title, created_at, updated_at)
      values ('p1', 's1', 'acme', 'Launch', 'x', 'x'), ('p2', null, null, 'Draft', 'x', 'x')`.execute(
      before.db,
    );
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0009-hidden-posts' });
    const rows = await after.db
      .selectFrom('post')
      .select(['id', 'title', 'hidden_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'p1', title: 'Launch', hidden_at: null },
      { id: 'p2', title: 'Draft', hidden_at: null },
    ]);
    await after.db
      .updateTable('post')
      .set({ hidden_at: '2030-01-01T00:00:00.000Z' })
      .where('id', '=', 'p1')
      .execute();
    // (The list leaving hidden posts out is the list's own test: it reads later migrations' columns.)
    const hidden = await after.db
      .selectFrom('post')
      .select('id')
      .where('hidden_at', 'is not', null)
      .execute();
    expect(hidden).toEqual([{ id: 'p1' }]);
    const plan = await sql<{ detail: string }>`explain query plan
      select id from post where workspace = ${'acme'} and hidden_at is not null`.execute(after.db);
    expect(plan.rows.map((r) => r.detail).join(' | ')).toContain('post_hidden');
    await after.close();
  });
});

describe('0012-post-search', () => {
  it('folds the titles and texts already there, and orders ties by title through one index', async () => {
    const file = join(dir, 'h.db');
    const before = await openDatabase({ file, migrateTo: '0006-post-list-order' });
    const at = '2026-11-23T10:00:00.000Z';
    // A pull gives every post it imports one time: 300 tied posts, five changed later.
    for (let i = 0; i < 300; i++)
      await sql`insert into post (id, workspace, title, created_at, updated_at)
        values (${`p${String((i * 7919) % 300).padStart(3, '0')}`}, 'acme', ${`Été ${(i * 31) % 300}`}, ${at}, ${i < 5 ? '2026-11-23T11:00:00.000Z' : at})`.execute(
        before.db,
      );
    await sql`insert into variant (id, post_id, platform, content, account_mode, created_at, updated_at)
      values ('v1', 'p001', 'x', 'Crème BRÛLÉE, ﬁne', 'default', ${at}, ${at})`.execute(before.db);
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0012-post-search' });
    const v = await after.db
      .selectFrom('variant')
      .select(['content', 'search_content'])
      .executeTakeFirstOrThrow();
    expect(v).toEqual({ content: 'Crème BRÛLÉE, ﬁne', search_content: 'creme brulee, fine' });
    const titles = await after.db.selectFrom('post').select(['title', 'search_title']).execute();
    expect(titles).toHaveLength(300);
    for (const t of titles) expect(t.search_title).toBe(t.title.replace('Été', 'ete'));

    const spec = { workspace: 'acme', words: [], sort: 'changed' as const };
    const rows = await listPostSummaryRows(after.db, spec, { limit: 60 });
    const all = await after.db.selectFrom('post').select(['id', 'updated_at', 'search_title']).execute();
    const expected = all
      .sort((a, b) =>
        a.updated_at !== b.updated_at
          ? a.updated_at < b.updated_at
            ? 1
            : -1
          : a.search_title !== b.search_title
            ? (a.search_title ?? '') < (b.search_title ?? '')
              ? -1
              : 1
            : a.id < b.id
              ? -1
              : 1,
      )
      .slice(0, 60)
      .map((r) => r.id);
    expect(rows.map((r) => r.post.id)).toEqual(expected);
    // The first screenful walks the index in the whole order: no sort of every tied post.
    const plan = await sql<{ detail: string }>`explain query plan
      select id from post where workspace = ${'acme'} order by updated_at desc, search_title, id limit 60`.execute(
      after.db,
    );
    const details = plan.rows.map((r) => r.detail).join(' | ');
    expect(details).toContain('post_changed_order');
    expect(details).not.toContain('TEMP B-TREE');
    await after.close();
  });
});

describe('0013-calendar-index, made again on its own column by 0017-service-fields-read', () => {
  it('keeps the variants and lets the calendar walk a range of planned times through one index', async () => {
    const file = join(dir, 'h.db');
    const before = await openDatabase({ file, migrateTo: '0006-post-list-order' });
    await sql`insert into post (id, workspace, title, created_at, updated_at)
      values ('p', 'acme', 'Spring', '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')`.execute(
      before.db,
    );
    const variant = (
      id: string,
      scheduledAt: string | null,
      published: string | null,
      raw: string,
      updatedAt: string,
    ) =>
      sql`insert into variant (id, post_id, platform, content, account_mode, scheduled_at, platform_post_url, raw, created_at, updated_at)
        values (${id}, 'p', 'x', ${id}, 'default', ${scheduledAt}, ${published}, ${raw}, '2030-01-01T00:00:00.000Z', ${updatedAt})`.execute(
        before.db,
      );
    // Scheduled; published with the service's own time; published, seen by the pull; a draft.
    await variant('scheduled', '2030-03-05T10:00:00Z', null, '{}', '2030-01-01T00:00:00.000Z');
    await variant(
      'sent',
      '2030-02-01T10:00:00Z',
      'https://x.example/1',
      '{"published_at":"2030-03-04T08:00:00Z"}',
      '2030-01-02T00:00:00.000Z',
    );
    await variant('seen', '2030-03-06T10:00:00Z', 'https://x.example/2', '{}', '2030-03-03T12:00:00.000Z');
    await variant('draft', null, null, '{}', '2030-03-04T00:00:00.000Z');
    // A time that is not text: placed when Outpost saw it published.
    await variant('odd', null, 'https://x.example/3', '{"published_at":1}', '2030-03-07T00:00:00.000Z');
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0017-service-fields-read' });
    const range = { from: '2030-03-01T00:00:00.000Z', to: '2030-04-01T00:00:00.000Z' };
    expect(await listPlacedInRange(after.db, 'acme', range)).toEqual([
      { id: 'seen', plan_at: '2030-03-03T12:00:00.000Z' },
      { id: 'sent', plan_at: '2030-03-04T08:00:00Z' },
      { id: 'scheduled', plan_at: '2030-03-05T10:00:00Z' },
      { id: 'odd', plan_at: '2030-03-07T00:00:00.000Z' },
    ]);
    // The statement the calendar runs searches the index, not every variant of the library.
    const plan = await queryPlan(
      after.db,
      placedInRangeQuery(after.db, 'acme', range, { accounts: ['101'], platforms: ['x'] }),
    );
    expect(plan).toMatch(/SEARCH variant USING INDEX variant_plan_at/);
    await after.close();
  });
});

describe('0015-import-keys', () => {
  it('keeps every variant without a key, and finds an imported row’s key through its own index', async () => {
    const file = join(dir, 'k.db');
    const before = await openDatabase({ file, migrateTo: '0013-calendar-index' });
    await sql`insert into post (id, workspace, title, created_at, updated_at)
      values ('p', 'acme', 'Spring', 'x', 'x')`.execute(before.db);
    await sql`insert into variant (id, post_id, platform, content, account_mode, created_at, updated_at)
      values ('typed', 'p', 'x', 'Typed here', 'default', 'x', 'x')`.execute(before.db);
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0015-import-keys' });
    expect(await after.db.selectFrom('variant').select(['id', 'import_key']).execute()).toEqual([
      { id: 'typed', import_key: null },
    ]);
    await after.db.updateTable('variant').set({ import_key: 'k1' }).where('id', '=', 'typed').execute();
    const plan = await sql<{ detail: string }>`explain query plan
      select import_key from variant where import_key in ('k1', 'k2')`.execute(after.db);
    expect(plan.rows.map((r) => r.detail).join(' | ')).toContain('variant_import_key');
    await after.close();
  });
});

describe('0016-version-bytes', () => {
  it('keeps every version, and reads the versions’ total bytes from its index alone', async () => {
    const file = join(dir, 'b.db');
    const before = await openDatabase({ file, migrateTo: '0015-import-keys' });
    await sql`insert into post (id, workspace, title, created_at, updated_at)
      values ('p', 'acme', 'Spring', 'x', 'x')`.execute(before.db);
    await sql`insert into text_version (post_id, variant_id, number, at, origin, text)
      values ('p', null, 1, 'x', 'typed', 'Spring ☀')`.execute(before.db);
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0016-version-bytes' });
    const total = sql<{ bytes: number }>`select total(octet_length(text)) as bytes from text_version`;
    expect((await total.execute(after.db)).rows).toEqual([{ bytes: 10 }]);
    const plan = await sql<{ detail: string }>`explain query plan
      select total(octet_length(text)) from text_version`.execute(after.db);
    expect(plan.rows.map((r) => r.detail).join(' | ')).toContain('COVERING INDEX text_version_bytes');
    await after.close();
  });
});

describe('0017-service-fields-read', () => {
  it('keeps a variant’s published time in its own column and no longer keeps the service’s whole answer', async () => {
    const file = join(dir, 'r.db');
    const before = await openDatabase({ file, migrateTo: '0016-version-bytes' });
    await sql`insert into post (id, server_id, workspace, title, base, raw, created_at, updated_at)
      values ('p', '7', 'acme', 'Spring', '{"title":"Spring"}', '{"id":"7","title":"Spring","owner":"alice"}', 'x', 'x')`.execute(
      before.db,
    );
    await sql`insert into variant (id, post_id, server_id, platform, content, account_mode, status, base, raw, created_at, updated_at)
      values ('v', 'p', '8', 'x', 'Hello', 'none', 'published', '{"content":"Hello"}',
        '{"id":"8","content":"Hello","published_at":"2030-03-04T08:00:00Z"}', 'x', 'x')`.execute(before.db);
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0017-service-fields-read' });
    const columns = async (table: string) =>
      (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(after.db)).rows.map(
        (c) => c.name,
      );
    expect(await columns('post')).not.toContain('raw');
    expect(await columns('variant')).not.toContain('raw');
    expect(
      await after.db.selectFrom('variant').select(['content', 'base', 'published_at']).executeTakeFirst(),
    ).toEqual({ content: 'Hello', base: '{"content":"Hello"}', published_at: '2030-03-04T08:00:00Z' });
    expect(await after.db.selectFrom('post').select(['title', 'base']).executeTakeFirst()).toEqual({
      title: 'Spring',
      base: '{"title":"Spring"}',
    });
    await after.close();
  });
});

describe('0018-bases-once', () => {
  it('leaves out of each base what its row repeats, and reads every base back as before', async () => {
    const file = join(dir, 'b18.db');
    const before = await openDatabase({ file, migrateTo: '0017-service-fields-read' });
    const service = {
      content: 'Hello',
      scheduled_at: null,
      social_profile_id: '101',
      status: 'draft',
      platform_post_url: null,
    };
    const changedHere = { ...service, replaced: { content: 'Older' }, notKept: 1 };
    await sql`insert into post (id, server_id, workspace, title, base, created_at, updated_at) values
      ('same', '7', 'acme', 'Spring', '{"title":"Spring"}', 'x', 'x'),
      ('renamed', '8', 'acme', 'Renamed here', '{"title":"Spring"}', 'x', 'x'),
      ('local', null, null, 'Draft', null, 'x', 'x')`.execute(before.db);
    const variant = (
      id: string,
      content: string,
      mode: string,
      profile: string | null,
      base: string | null,
    ) =>
      sql`insert into variant (id, post_id, platform, content, account_mode, social_profile_id, status, base, created_at, updated_at)
        values (${id}, 'same', 'x', ${content}, ${mode}, ${profile}, 'draft', ${base}, 'x', 'x')`.execute(
        before.db,
      );
    await variant('unchanged', 'Hello', 'profile', '101', JSON.stringify(service));
    await variant('typed', 'Typed here', 'default', null, JSON.stringify(changedHere));
    await variant('never-synced', 'Local', 'none', null, null);
    await variant('not-an-object', 'Odd', 'none', null, '[1,2]');
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0018-bases-once' });
    const bases = async (table: 'post' | 'variant') =>
      Object.fromEntries(
        (await after.db.selectFrom(table).select(['id', 'base']).execute()).map((r) => [r.id, r.base]),
      );
    expect(await bases('post')).toEqual({ same: '{}', renamed: '{"title":"Spring"}', local: null });
    expect(await bases('variant')).toEqual({
      unchanged: '{}',
      typed: '{"content":"Hello","social_profile_id":"101","replaced":{"content":"Older"},"notKept":1}',
      'never-synced': null,
      'not-an-object': '[1,2]',
    });
    const rows = await after.db
      .selectFrom('variant')
      .selectAll()
      .where('id', 'in', ['unchanged', 'typed'])
      .orderBy('id')
      .execute();
    expect(rows.map((v) => variantBase(v))).toEqual([changedHere, service]);
    const posts = await after.db
      .selectFrom('post')
      .selectAll()
      .where('id', 'in', ['same', 'renamed'])
      .orderBy('id')
      .execute();
    expect(posts.map((p) => postBase(p))).toEqual([{ title: 'Spring' }, { title: 'Spring' }]);
    await after.close();
  });
});

describe('0019-search-copies', () => {
  it('drops the folded copies LIKE does not need, and search finds the same posts', async () => {
    const file = join(dir, 'b19.db');
    const before = await openDatabase({ file, migrateTo: '0018-bases-once' });
    await sql`insert into post (id, workspace, title, search_title, created_at, updated_at)
      values ('p', 'acme', 'Spring', 'spring', 'x', 'x')`.execute(before.db);
    await sql`insert into variant (id, post_id, platform, content, account_mode, search_content, created_at, updated_at) values
      ('plain', 'p', 'x', 'Launch WEEK', 'none', 'launch week', 'x', 'x'),
      ('accents', 'p', 'x', 'Crème BRÛLÉE', 'none', 'creme brulee', 'x', 'x'),
      ('none', 'p', 'x', 'Typed straight into the file', 'none', null, 'x', 'x')`.execute(before.db);
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0019-search-copies' });
    expect(
      await after.db.selectFrom('variant').select(['id', 'search_content']).orderBy('id').execute(),
    ).toEqual([
      { id: 'accents', search_content: 'creme brulee' },
      { id: 'none', search_content: null },
      { id: 'plain', search_content: null },
    ]);
    for (const query of ['launch week', 'LAUNCH', 'creme', 'brûlée', 'straight']) {
      const spec = { workspace: 'acme', words: searchWords(query), sort: 'changed' as const };
      expect(
        (await listPostSummaryRows(after.db, spec)).map((r) => r.post.id),
        query,
      ).toEqual(['p']);
    }
    await after.close();
  });
});

describe('0020-lean-indexes', () => {
  it('finds and links variants through one index, keeps the list’s order, and walks every list in its index', async () => {
    const file = join(dir, 'b20.db');
    const before = await openDatabase({ file, migrateTo: '0019-search-copies' });
    const at = '2026-11-23T10:00:00.000Z';
    const titles = ['Zebra', 'Été à Paris', 'apple', 'Apple', 'Æsop', 'banana'];
    for (const [i, title] of titles.entries())
      await sql`insert into post (id, server_id, workspace, title, search_title, created_at, updated_at)
        values (${`p${i}`}, ${`s${i}`}, 'acme', ${title}, ${foldForSearch(title)}, ${at}, ${i === 5 ? '2026-11-23T11:00:00.000Z' : at})`.execute(
        before.db,
      );
    await sql`insert into variant (id, post_id, server_id, platform, content, account_mode, created_at, updated_at) values
      ('linked', 'p0', 'sv1', 'x', 'a', 'none', ${at}, ${at}),
      ('local-1', 'p0', null, 'x', 'b', 'none', ${at}, ${at}),
      ('local-2', 'p0', null, 'x', 'c', 'none', ${at}, ${at})`.execute(before.db);
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0020-lean-indexes' });
    // Folded titles are kept only where lower() would not give them.
    expect(
      await after.db.selectFrom('post').select(['title', 'search_title']).orderBy('id').execute(),
    ).toEqual([
      { title: 'Zebra', search_title: null },
      { title: 'Été à Paris', search_title: 'ete a paris' },
      { title: 'apple', search_title: null },
      { title: 'Apple', search_title: null },
      { title: 'Æsop', search_title: 'aesop' },
      { title: 'banana', search_title: null },
    ]);
    // The list's order is as before: newest change first, then the folded title, then the id.
    const spec = { workspace: 'acme', words: [], sort: 'changed' as const };
    const listed = await listPostSummaryRows(after.db, spec, { limit: 60 });
    expect(listed.map((r) => r.post.title)).toEqual([
      'banana',
      'Æsop',
      'apple',
      'Apple',
      'Été à Paris',
      'Zebra',
    ]);
    const firstScreenful = orderListed(
      whereListed(after.db.selectFrom('post').select('post.id'), spec),
      'changed',
    ).limit(60);
    const listPlan = await queryPlan(after.db, firstScreenful);
    expect(listPlan).toContain('post_changed_order');
    expect(listPlan).not.toContain('TEMP B-TREE');

    // Unlinked variants still share a post; a second link to one record is refused.
    await expect(
      sql`insert into variant (id, post_id, server_id, platform, content, account_mode, created_at, updated_at)
        values ('twice', 'p0', 'sv1', 'x', 'd', 'none', ${at}, ${at})`.execute(after.db),
    ).rejects.toThrow(/UNIQUE/);
    expect(
      await queryPlan(after.db, after.db.selectFrom('variant').select('id').where('post_id', '=', 'p0')),
    ).toContain('variant_post_link');
    const indexes = (
      await sql<{ name: string }>`select name from sqlite_schema where type = 'index'`.execute(after.db)
    ).rows.map((r) => r.name);
    expect(indexes).not.toContain('variant_post');
    expect(indexes).not.toContain('variant_server_link');
    // The reconciler's index, partial, still serves its reads.
    expect(
      await queryPlan(
        after.db,
        after.db
          .selectFrom('variant')
          .select('id')
          .where('reconcile_at', 'is not', null)
          .where('reconcile_at', '<=', at),
      ),
    ).toContain('variant_reconcile');
    // A pull's pages of unread posts walk the primary key in local id order, not a sort.
    const unreadPlan = await queryPlan(after.db, unreadLinkedPostsQuery(after.db, 'acme', 'p1', 500));
    expect(unreadPlan).toContain('sqlite_autoindex_post_1');
    expect(unreadPlan).not.toContain('TEMP B-TREE');
    await after.close();
  });
});

describe('0021-link-indexes', () => {
  it('finds a variant by its service id through an index of linked variants, not a scan', async () => {
    const file = join(dir, 'b21.db');
    const before = await openDatabase({ file, migrateTo: '0020-lean-indexes' });
    const at = '2026-11-29T10:00:00.000Z';
    await sql`insert into post (id, server_id, workspace, title, created_at, updated_at)
      values ('p0', 's0', 'acme', 'A post', ${at}, ${at})`.execute(before.db);
    await sql`insert into variant (id, post_id, server_id, platform, content, account_mode, created_at, updated_at) values
      ('linked', 'p0', 'sv1', 'x', 'a', 'none', ${at}, ${at}),
      ('local', 'p0', null, 'x', 'b', 'none', ${at}, ${at})`.execute(before.db);
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0021-link-indexes' });
    const byServerId = variantsLinkedTo(after.db, 'acme', 'sv1', null);
    expect(await byServerId.execute()).toEqual([{ id: 'linked' }]);
    expect(await queryPlan(after.db, byServerId)).toContain('USING INDEX variant_server (server_id=?)');
    // Only linked variants are in it.
    const indexed = await sql<{ n: number }>`select count(*) as n from variant indexed by variant_server
      where server_id is not null`.execute(after.db);
    expect(indexed.rows[0]?.n).toBe(1);
    // A post's link is still one per service record of a workspace, found through its index.
    await expect(
      sql`insert into post (id, server_id, workspace, title, created_at, updated_at)
        values ('p1', 's0', 'acme', 'Twice', ${at}, ${at})`.execute(after.db),
    ).rejects.toThrow(/UNIQUE/);
    const postPlan = await sql<{ detail: string }>`explain query plan
      select id from post where workspace = ${'acme'} and server_id = ${'s0'}`.execute(after.db);
    expect(postPlan.rows.map((r) => r.detail).join(' | ')).toContain('post_workspace_server');
    await after.close();
  });
});

describe('0022-version-total', () => {
  it('keeps the versions’ total in one row through every insert, change and delete, a cascade included', async () => {
    const file = join(dir, 'b22.db');
    const before = await openDatabase({ file, migrateTo: '0021-link-indexes' });
    const at = '2026-11-29T10:00:00.000Z';
    await sql`insert into post (id, workspace, title, created_at, updated_at) values
      ('p0', 'acme', 'One', ${at}, ${at}), ('p1', 'acme', 'Two', ${at}, ${at})`.execute(before.db);
    await sql`insert into variant (id, post_id, platform, content, account_mode, created_at, updated_at)
      values ('v0', 'p0', 'x', 'é', 'none', ${at}, ${at})`.execute(before.db);
    await sql`insert into text_version (post_id, variant_id, number, at, origin, text) values
      ('p0', null, 1, ${at}, 'typed', 'abc'), ('p0', 'v0', 1, ${at}, 'typed', 'héllo')`.execute(before.db);
    await before.close();

    const after = await openDatabase({ file, migrateTo: '0022-version-total' });
    const total = async () =>
      (await after.db.selectFrom('text_version_total').select('bytes').executeTakeFirstOrThrow()).bytes;
    const summed = async () =>
      (
        await sql<{
          bytes: number;
        }>`select coalesce(sum(octet_length(text)), 0) as bytes from text_version`.execute(after.db)
      ).rows[0]?.bytes;
    // Bytes, not characters: 3 + 6.
    expect(await total()).toBe(9);
    await sql`insert into text_version (post_id, variant_id, number, at, origin, text)
      values ('p1', null, 1, ${at}, 'typed', 'twelve bytes')`.execute(after.db);
    expect(await total()).toBe(21);
    await sql`update text_version set text = 'ab' where post_id = 'p0' and variant_id is null`.execute(
      after.db,
    );
    expect(await total()).toBe(20);
    await sql`update text_version set origin = 'service' where post_id = 'p1'`.execute(after.db);
    expect(await total()).toBe(20);
    // A post's deletion takes its versions with it, and their bytes off the total.
    await sql`delete from post where id = 'p0'`.execute(after.db);
    expect(await total()).toBe(12);
    expect(await total()).toBe(await summed());
    await sql`delete from text_version`.execute(after.db);
    expect(await total()).toBe(0);
    const indexes = (
      await sql<{ name: string }>`select name from sqlite_schema where type = 'index'`.execute(after.db)
    ).rows.map((r) => r.name);
    expect(indexes).not.toContain('text_version_bytes');
    await after.close();
  });
});
