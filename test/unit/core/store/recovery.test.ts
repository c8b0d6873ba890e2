// The parts of a recovery, each on real files: reading a damaged table row by row past a page
// that cannot be read, rebuilding a lost header, merging salvaged rows into a restored copy
// (newer rows win, nothing doubles, texts without a post kept), and the changes the copy cannot
// vouch for read back before anything is sent.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src-main/core/store/db';
import { mergeRows } from '../../../../src-main/core/store/recovery/merge-rows';
import {
  askFirst,
  READ_BACK_FIRST,
  readBackUnconfirmed,
} from '../../../../src-main/core/store/recovery/recover';
import { rebuildHeader, salvageFile, salvageTable } from '../../../../src-main/core/store/recovery/salvage';
import { overwritePages, pagesHolding, zeroHeader } from '../../../support/damage';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-recovery-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function tableOf(rows: number): string {
  const file = join(dir, 'rows.db');
  const db = new BetterSqlite3(file);
  db.exec('create table t (id text primary key, body text)');
  const insert = db.prepare('insert into t values (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(`row-${String(i).padStart(5, '0')}`, `ROW${i}END `.repeat(20));
  })();
  db.close();
  return file;
}

describe('salvage', () => {
  it('reads a table past a page that cannot be read, losing only the rows on it', () => {
    const file = tableOf(2_000);
    const [page] = pagesHolding(file, 'ROW1000END');
    overwritePages(file, [page as number]);
    const db = new BetterSqlite3(file);
    const { rows, complete } = salvageTable(db, 't');
    db.close();
    expect(complete).toBe(false);
    const ids = new Set(rows.map((r) => r.id));
    expect(ids.has('row-01000')).toBe(false);
    expect(ids.has('row-00000')).toBe(true);
    expect(ids.has('row-01999')).toBe(true);
    // One page of some twenty rows lost, no more.
    expect(rows.length).toBeGreaterThan(1_950);
  });

  it('rebuilds a zeroed header, so every page reads again; a sound file is left as it is', () => {
    const file = tableOf(500);
    const sound = join(dir, 'sound.db');
    copyFileSync(file, sound);
    expect(rebuildHeader(sound, false)).toBe(false);
    zeroHeader(file);
    expect(() => new BetterSqlite3(file).prepare('select count(*) from t').get()).toThrow(/not a database/);
    expect(rebuildHeader(file, false)).toBe(true);
    const db = new BetterSqlite3(file, { readonly: true });
    expect(db.prepare('select count(*) from t').pluck().get()).toBe(500);
    db.close();
  });

  it('never writes to the damaged file it reads', () => {
    const file = tableOf(200);
    zeroHeader(file);
    const before = readFileSync(file);
    const work = mkdtempSync(join(dir, 'work-'));
    salvageFile(file, work);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

async function restored(): Promise<BetterSqlite3.Database> {
  const opened = await openDatabase({ file: join(dir, 'outpost.db') });
  const db = opened.sqlite;
  db.exec(`insert into post (id, title, created_at, updated_at) values ('p1', 'In the copy', 't0', 't1');
    insert into variant (id, post_id, platform, content, account_mode, created_at, updated_at)
      values ('v1', 'p1', 'x', 'old text', 'none', 't0', 't1');
    insert into outbox_op (id, seq, kind, state, post_id, variant_id, payload, created_at, updated_at)
      values ('op-copy', 1, 'update_variant', 'pending', 'p1', 'v1', '{}', 't1', 't1')`);
  return db;
}

describe('merging salvaged rows into a restored copy', () => {
  it('takes the newer rows, adds the missing ones, doubles nothing, and keeps texts whose post is gone', async () => {
    const db = await restored();
    const counts = mergeRows(
      db,
      {
        post: [
          { id: 'p1', title: 'Renamed later', created_at: 't0', updated_at: 't2', remote_state: 'active' },
        ],
        variant: [
          {
            id: 'v1',
            post_id: 'p1',
            platform: 'x',
            content: 'newer text',
            account_mode: 'none',
            created_at: 't0',
            updated_at: 't2',
          },
          {
            id: 'v9',
            post_id: 'gone',
            server_id: 's9',
            platform: 'x',
            content: 'a lone text',
            account_mode: 'none',
            created_at: 't0',
            updated_at: 't2',
          },
        ],
        text_version: [
          { id: 1, post_id: 'p1', variant_id: 'v1', number: 1, at: 't1', origin: 'typed', text: 'old text' },
        ],
        outbox_op: [
          {
            id: 'op-new',
            seq: 1,
            kind: 'update_variant',
            state: 'pending',
            post_id: 'p1',
            variant_id: 'v1',
            payload: '{}',
            created_at: 't2',
            updated_at: 't2',
          },
          // Finished before the damage: it comes back as history, not as a change waiting to go.
          {
            id: 'op-done',
            seq: 2,
            kind: 'update_variant',
            state: 'done',
            post_id: 'p1',
            variant_id: 'v1',
            payload: '{}',
            created_at: 't2',
            updated_at: 't2',
          },
        ],
      },
      { prefer: 'newer', now: 't3', strayTitle: 'Recovered texts' },
    );
    expect(counts).toMatchObject({ posts: 1, variants: 1, strays: 1, textVersions: 1, ops: 1 });
    expect(db.prepare("select title from post where id = 'p1'").pluck().get()).toBe('Renamed later');
    expect(db.prepare("select content from variant where id = 'v1'").pluck().get()).toBe('newer text');
    const stray = db
      .prepare(
        "select p.title, v.server_id, p.workspace from variant v join post p on p.id = v.post_id where v.id = 'v9'",
      )
      .get();
    expect(stray).toEqual({ title: 'Recovered texts', server_id: null, workspace: null });
    // The new change goes after the copy's, never in its place.
    expect(db.prepare('select id, seq from outbox_op order by seq').all()).toEqual([
      { id: 'op-copy', seq: 1 },
      { id: 'op-new', seq: 2 },
      { id: 'op-done', seq: 3 },
    ]);

    // The same rows again: nothing new.
    const again = mergeRows(
      db,
      {
        text_version: [
          { post_id: 'p1', variant_id: 'v1', number: 1, at: 't1', origin: 'typed', text: 'old text' },
        ],
      },
      { prefer: 'newer', now: 't3', strayTitle: 'x' },
    );
    expect(again.textVersions).toBe(0);
    db.close();
  });

  it('keeps what is here when told to (an import), matching items by their service link too', async () => {
    const db = await restored();
    db.exec("update post set server_id = 'sp1', workspace = 'acme' where id = 'p1'");
    db.exec("insert into workspace (slug, raw, seen_at) values ('acme', '{}', 't0')");
    const counts = mergeRows(
      db,
      {
        post: [
          {
            id: 'p-other-id',
            server_id: 'sp1',
            workspace: 'acme',
            title: 'From elsewhere',
            created_at: 't0',
            updated_at: 't9',
          },
        ],
        variant: [
          {
            id: 'v-other',
            post_id: 'p-other-id',
            platform: 'linkedin',
            content: 'added',
            account_mode: 'none',
            created_at: 't0',
            updated_at: 't9',
          },
        ],
      },
      { prefer: 'never', now: 't3', strayTitle: 'x' },
    );
    expect(counts).toMatchObject({ posts: 0, variants: 1 });
    expect(db.prepare("select title from post where id = 'p1'").pluck().get()).toBe('In the copy');
    expect(db.prepare("select post_id from variant where id = 'v-other'").pluck().get()).toBe('p1');
    db.close();
  });

  it('takes a variant’s published time from the whole answer a row of an earlier file kept', async () => {
    const db = await restored();
    const earlier = (id: string, raw: string) => ({
      id,
      post_id: 'p1',
      server_id: `s-${id}`,
      platform: 'x',
      content: 'published',
      account_mode: 'none',
      status: 'published',
      raw,
      created_at: 't0',
      updated_at: 't2',
    });
    const counts = mergeRows(
      db,
      {
        variant: [
          earlier('v-sent', '{"id":"s-v-sent","published_at":"2030-03-04T08:00:00Z"}'),
          earlier('v-odd', '{"published_at":1}'),
          earlier('v-broken', 'not json'),
        ],
      },
      { prefer: 'newer', now: 't3', strayTitle: 'x' },
    );
    expect(counts).toMatchObject({ variants: 3, skipped: 0 });
    expect(db.prepare("select id, published_at from variant where id like 'v-%' order by id").all()).toEqual([
      { id: 'v-broken', published_at: null },
      { id: 'v-odd', published_at: null },
      { id: 'v-sent', published_at: '2030-03-04T08:00:00Z' },
    ]);
    db.close();
  });

  it('has the changes the damaged file could not vouch for read back before anything is sent', async () => {
    const db = await restored();
    expect(readBackUnconfirmed(db, new Set(), 't3')).toBe(1);
    expect(db.prepare("select state, error from outbox_op where id = 'op-copy'").get()).toEqual({
      state: 'unknown',
      error: READ_BACK_FIRST,
    });
    // Marked as brought back: its read-back may take over the pull's copy of what it made.
    const { payload } = db.prepare("select payload from outbox_op where id = 'op-copy'").get() as {
      payload: string;
    };
    expect(JSON.parse(payload)).toMatchObject({ broughtBack: true });
    db.exec("update outbox_op set state = 'pending' where id = 'op-copy'");
    expect(readBackUnconfirmed(db, new Set(['op-copy']), 't3')).toBe(0);
    db.close();
  });

  it('reads back a change the copy holds with a payload that is not JSON, rather than stop the recovery', async () => {
    const db = await restored();
    db.exec("update outbox_op set payload = '{\"sent\": {\"title' where id = 'op-copy'");
    expect(readBackUnconfirmed(db, new Set(), 't3')).toBe(1);
    const { state, payload } = db
      .prepare("select state, payload from outbox_op where id = 'op-copy'")
      .get() as {
      state: string;
      payload: string;
    };
    expect({ state, payload: JSON.parse(payload) as unknown }).toEqual({
      state: 'unknown',
      payload: { broughtBack: true },
    });
    db.close();
  });

  it('asks about every change an export brings, marked as brought back, and leaves settled ones alone', () => {
    const op = (id: string, state: string, payload: unknown) => ({ id, state, payload, error: null });
    const asked = askFirst(
      [
        op('waiting', 'pending', '{"sent":{"title":"A"}}'),
        op('in-flight', 'sending', '{}'),
        op('unclear', 'unknown', '{"unknownSends":1}'),
        op('asking', 'needs_user', '{}'),
        op('odd', 'pending', 'not json'),
      ],
      'why',
    );
    expect(asked.map((o) => [o.id, o.state, JSON.parse(o.payload as string) as unknown])).toEqual([
      ['waiting', 'unknown', { sent: { title: 'A' }, broughtBack: true }],
      ['in-flight', 'unknown', { broughtBack: true }],
      ['unclear', 'unknown', { unknownSends: 1, broughtBack: true }],
      ['asking', 'needs_user', {}],
      ['odd', 'unknown', { broughtBack: true }],
    ]);
    expect(asked[0]).toMatchObject({ error: 'why', next_attempt_at: null });
  });
});
