// One change over many variants is one undo entry (for the bulk
// actions): 1,000 synced variants rescheduled at once, then undone in one transaction through
// the same path; the items that moved on are refused by name, and a failure half-way changes
// nothing and keeps the entry. The core's facade has no bulk command yet, so the test drives
// the app context over a real database file; the sync engine and the connection are never
// reached on this path.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '@preload/bridge';
import { AppContext } from '../../../src-main/core/app/app-context';
import { CommandError } from '../../../src-main/core/app/command-error';
import { setScheduledTimes } from '../../../src-main/core/app/planning/schedule-changes';
import { UndoJournal } from '../../../src-main/core/app/undo/journal';
import { timeChangeUndo } from '../../../src-main/core/app/planning/time-change-undo';
import { openDatabase, type OpenedDatabase } from '../../../src-main/core/store/db';
import { insertPosts } from '../../../src-main/core/store/post-repository';
import type { NewPostRow, NewVariantRow } from '../../../src-main/core/store/schema';
import { insertVariants } from '../../../src-main/core/store/variant-repository';
import { upsertWorkspaces } from '../../../src-main/core/store/workspace-repository';
import { ManualClock, tempDir } from './helpers';

const COUNT = 1_000;
const NOW = new Date('2030-01-01T09:00:00.000Z');
const T0 = '2030-01-02T10:00:00.000Z';
const T1 = '2030-01-03T10:00:00.000Z';

let store: OpenedDatabase | null = null;
let removeDir: (() => void) | null = null;
afterEach(async () => {
  await store?.close();
  removeDir?.();
  store = null;
});

const notOnThisPath = (what: string) => () => {
  throw new Error(`${what} is not used by a local change`);
};

async function appOverFile() {
  const temp = tempDir('outpost-undo-bulk-');
  removeDir = () => temp.remove();
  store = await openDatabase({ file: `${temp.dir}/outpost.db` });
  const opened = store;
  const events: BridgeEvent[] = [];
  const changed: string[] = [];
  const undo = new UndoJournal({ announce: (entry) => events.push({ name: 'undoable', data: entry }) });
  const app = new AppContext({
    db: () => opened.db,
    clock: new ManualClock(NOW),
    newId: notOnThisPath('a new id'),
    random: Math.random,
    logger: { info() {}, warn() {}, error() {} },
    emit: (e) => events.push(e),
    engine: notOnThisPath('the sync engine'),
    connection: undefined as never,
    data: undefined as never,
    titles: undefined as never,
    namedInUndo: (postId) => undo.names(postId),
    host: { version: 'test', host: 'cli', dataDir: temp.dir },
    changed: (_postId, variantId) => changed.push(variantId ?? ''),
    typed: () => undefined,
    bridgeError: notOnThisPath('a bridge error'),
    redact: (text) => text,
    takeBack: (id) => undo.undo(id),
    run: notOnThisPath('another command'),
  });
  return { app, db: opened.db, undo, events, changed };
}

/** 500 synced posts of "acme", two X variants each, scheduled on the service at T0. */
async function seed(db: OpenedDatabase['db']): Promise<string[]> {
  const at = NOW.toISOString();
  await upsertWorkspaces(db, [{ slug: 'acme', name: 'Acme', raw: {} }], at);
  const posts: NewPostRow[] = [];
  const variants: NewVariantRow[] = [];
  for (let p = 0; p < COUNT / 2; p++) {
    const postId = `post-${p}`;
    posts.push({
      id: postId,
      server_id: `s-post-${p}`,
      workspace: 'acme',
      title: `Week ${p}`,
      base: JSON.stringify({ title: `Week ${p}` }),
      remote_state: 'active',
      conflict: null,
      error: null,
      created_at: at,
      updated_at: at,
    });
    for (const n of [0, 1]) {
      const base = {
        content: `Text ${p}.${n}`,
        scheduled_at: T0,
        social_profile_id: null,
        status: 'scheduled',
        platform_post_url: null,
      };
      variants.push({
        id: `v-${p}-${n}`,
        post_id: postId,
        server_id: `s-v-${p}-${n}`,
        platform: 'x',
        content: base.content,
        account_mode: 'default',
        social_profile_id: null,
        scheduled_at: T0,
        status: 'scheduled',
        platform_post_url: null,
        base: JSON.stringify(base),
        remote_state: 'active',
        conflict: null,
        error: null,
        created_at: at,
        updated_at: at,
        reconcile_at: null,
      });
    }
  }
  await insertPosts(db, posts);
  await insertVariants(db, variants);
  return variants.map((v) => v.id);
}

const timesOf = async (db: OpenedDatabase['db']) =>
  (await db.selectFrom('variant').select('scheduled_at').execute()).map((r) => r.scheduled_at);
const openOps = async (db: OpenedDatabase['db']) =>
  (await db.selectFrom('outbox_op').select('variant_id').where('state', '!=', 'done').execute()).map(
    (r) => r.variant_id,
  );

describe('undo of one change over 1,000 variants', () => {
  it('is one entry; its undo puts every time back, refuses by name those that moved on, sends nothing', async () => {
    const { app, db, undo, events, changed } = await appOverFile();
    const ids = await seed(db);

    const moved = await setScheduledTimes(
      app,
      ids.map((variantId) => ({ variantId, at: T1 })),
    );
    expect([moved.changed.length, moved.refused.length]).toEqual([COUNT, 0]);
    expect(await openOps(db)).toHaveLength(COUNT);
    const view = undo.record(timeChangeUndo(app, moved.changed)!);
    expect(view.label).toBe(`Rescheduled ${COUNT} variants`);
    expect(view.postIds).toHaveLength(COUNT / 2);
    expect(events.filter((e) => e.name === 'undoable')).toHaveLength(1);

    // Meanwhile one was published on the service and one is gone.
    await db
      .updateTable('variant')
      .set({ status: 'published', platform_post_url: 'https://x.example/1' })
      .where('id', '=', 'v-7-1')
      .execute();
    await db.deleteFrom('variant').where('id', '=', 'v-9-0').execute();
    changed.length = 0;

    const result = await undo.undo(view.id);

    expect(result.undone).toBe(COUNT - 2);
    expect(result.refused).toEqual([
      { postId: 'post-7', reason: expect.stringMatching(/^‘Week 7’ \(X\): .*published/) as string },
      { postId: 'post-9', reason: '‘Week 9’ (X): it is no longer in Outpost.' },
    ]);
    const times = await timesOf(db);
    expect(times.filter((t) => t === T0)).toHaveLength(COUNT - 2);
    expect(times.filter((t) => t === T1)).toHaveLength(1);
    // Back at what the service holds before anything left: only the published one's change waits
    // (the queue holds it back, since a published variant is never changed).
    expect(await openOps(db)).toEqual(['v-7-1']);
    expect(changed).toHaveLength(COUNT - 2);
  });

  it('changes nothing when its transaction fails half-way, and keeps the entry to try again', async () => {
    const { app, db, undo } = await appOverFile();
    const ids = await seed(db);
    const moved = await setScheduledTimes(
      app,
      ids.map((variantId) => ({ variantId, at: T1 })),
    );
    const view = undo.record(timeChangeUndo(app, moved.changed)!);
    // The disk fails while a variant half-way down the list is written.
    await sql`create trigger fail_once before update on variant when new.id = 'v-300-0'
      begin select raise(abort, 'disk I/O error'); end`.execute(db);

    await expect(undo.undo(view.id)).rejects.toThrow('disk I/O error');
    expect((await timesOf(db)).every((t) => t === T1)).toBe(true);
    expect(await openOps(db)).toHaveLength(COUNT);
    expect(undo.list().map((e) => e.id)).toEqual([view.id]);

    await sql`drop trigger fail_once`.execute(db);
    expect(await undo.undo(view.id)).toMatchObject({ undone: COUNT, refused: [] });
    expect((await timesOf(db)).every((t) => t === T0)).toBe(true);
  });

  it('refuses a change of one variant with the reason, as the command would throw it', async () => {
    const { app, db } = await appOverFile();
    await seed(db);
    const result = await setScheduledTimes(app, [{ variantId: 'v-1-0', at: '2029-12-31T10:00:00.000Z' }]);
    expect(result.changed).toEqual([]);
    expect(result.refused[0]!.error).toBeInstanceOf(CommandError);
    expect(result.refused[0]!.error.message).toMatch(/already passed/);
  });
});
