// Migration 0014: two local variants linked to one service variant are settled (the oldest
// keeps the link, the other goes back to unsynced and says so), then a unique index keeps it so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src-main/core/store/db';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-mig14-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const VARIANT = `insert into variant (id, post_id, server_id, platform, content, account_mode, scheduled_at,
  status, base, created_at, updated_at) values (?, 'p1', ?, 'bluesky', ?, 'none', ?, 'scheduled', '{}', ?, ?)`;

describe('0014-one-link-per-record', () => {
  it('keeps the oldest link, puts the others back to unsynced with a create, and refuses a second link after', async () => {
    const file = join(dir, 'outpost.db');
    const before = await openDatabase({ file, migrateTo: '0013-calendar-index' });
    const raw = before.sqlite;
    raw.exec(`insert into workspace (slug, name, raw, seen_at) values ('acme', 'Acme', '{}', 'x');
      insert into post (id, server_id, workspace, title, created_at, updated_at)
        values ('p1', 'sp1', 'acme', 'Launch', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
    const at = '2030-01-01T09:00:00.000Z';
    raw
      .prepare(VARIANT)
      .run('v-old', 'sv1', 'First', at, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
    raw
      .prepare(VARIANT)
      .run('v-dup', 'sv1', 'Second', at, '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z');
    raw
      .prepare(VARIANT)
      .run('v-own', 'sv2', 'Third', null, '2026-01-03T00:00:00.000Z', '2026-01-03T00:00:00.000Z');
    raw.exec(`insert into outbox_op (id, seq, kind, state, post_id, variant_id, payload, created_at, updated_at)
      values ('op1', 1, 'update_variant', 'pending', 'p1', 'v-dup', '{"fields":["content"]}', 'x', 'x')`);
    await before.close();

    const after = await openDatabase({ file });
    const rows = after.sqlite
      .prepare('select id, server_id, content, scheduled_at, status from variant order by id')
      .all();
    expect(rows).toEqual([
      { id: 'v-dup', server_id: null, content: 'Second', scheduled_at: null, status: null },
      { id: 'v-old', server_id: 'sv1', content: 'First', scheduled_at: at, status: 'scheduled' },
      { id: 'v-own', server_id: 'sv2', content: 'Third', scheduled_at: null, status: 'scheduled' },
    ]);
    const ops = after.sqlite
      .prepare('select kind, state, seq from outbox_op where variant_id = ? order by seq')
      .all('v-dup');
    expect(ops).toEqual([
      { kind: 'update_variant', state: 'done', seq: 1 },
      { kind: 'create_variant', state: 'pending', seq: 2 },
    ]);
    const said = after.sqlite
      .prepare("select variant_id, reason from sync_log where action = 'link_settled'")
      .all() as Array<{ variant_id: string; reason: string }>;
    expect(said.map((r) => r.variant_id)).toEqual(['v-dup']);
    expect(said[0]?.reason).toMatch(/older keeps the link/);

    expect(() =>
      after.sqlite.prepare("update variant set server_id = 'sv2' where id = 'v-dup'").run(),
    ).toThrow(/UNIQUE constraint failed/);
    // Another post may hold a variant of the same service id: the service names variants under their post.
    after.sqlite.exec(`insert into post (id, server_id, workspace, title, created_at, updated_at)
      values ('p2', 'sp2', 'acme', 'Other', 'x', 'x')`);
    after.sqlite
      .prepare(
        `insert into variant (id, post_id, server_id, platform, content, account_mode, created_at, updated_at)
        values ('v-p2', 'p2', 'sv2', 'bluesky', 'x', 'none', 'x', 'x')`,
      )
      .run();
    await after.close();
  });
});
