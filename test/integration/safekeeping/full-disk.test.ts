// A full disk loses nothing and blocks nothing else. The disk is made full for the database with
// SQLite's page limit (PRAGMA max_page_count, at the file's size, its free pages taken first),
// so any write that needs room fails with SQLITE_FULL as on a full volume.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataStatus } from '@preload/bridge';
import { CLI_DISK_FULL_AT_START } from '@preload/words/data';
import { printStartNotice } from '../../../src-main/cli/start-notice';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { Disk } from '../../support/full-disk';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, tempDir, type TestCore } from '../core/helpers';

const LONG = (word: string) => `${word} `.repeat(4000);

let closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.reverse()) await close();
  closing = [];
});

async function core(disk: Disk, options: Parameters<typeof openCore>[0] = {}): Promise<TestCore> {
  const t = await openCore({ onDatabaseConnection: disk.onConnection, ...options });
  closing.push(() => t.close());
  return t;
}

describe('a full disk', () => {
  it('at the first start: nothing half-made is left, and the next start opens once there is room', async () => {
    const folder = tempDir('outpost-full-first-');
    closing.push(() => Promise.resolve(folder.remove()));
    const disk = new Disk();
    disk.pagesAtOpen = 12;
    const failed = await openCore({ dir: folder.dir, onDatabaseConnection: disk.onConnection }).catch(
      (e: unknown) => e,
    );
    expect(String(failed)).toMatch(
      /Your disk is full: Outpost could not prepare its database in .*free some space and start Outpost again/,
    );

    disk.pagesAtOpen = null;
    const t = await core(disk, { dir: folder.dir });
    const post = await t.call('posts.create', { workspace: null, title: 'After space came back' });
    expect((await t.call('posts.get', { id: post.id })).title).toBe('After space came back');
  });

  it('at a later start: everything reads from a copy in memory, a change is refused in plain words, and it goes on once there is room', async () => {
    const folder = tempDir('outpost-full-later-');
    closing.push(() => Promise.resolve(folder.remove()));
    const first = await openCore({ dir: folder.dir });
    const post = await first.call('posts.create', { workspace: null, title: 'Written yesterday' });
    await first.close();

    // The disk filled while Outpost was closed: its first open of the file fails for want of room.
    let opens = 0;
    const full = (): void => {
      opens += 1;
      if (opens === 1) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    };
    const time = new VirtualTime();
    const t = await core(new Disk(), {
      dir: folder.dir,
      clock: time,
      scheduler: time,
      onDatabaseConnection: full,
    });
    expect((await t.call('posts.list', { workspace: null })).map((p) => p.title)).toEqual([
      'Written yesterday',
    ]);
    expect((await t.call('data.status', undefined)).problem?.kind).toBe('disk_full');
    // A command line started so says it once, in its own words: it keeps nothing to save later.
    const said: string[] = [];
    await printStartNotice(t.core, {
      out: () => undefined,
      err: (text) => said.push(text),
      json: () => undefined,
    });
    expect(said).toEqual([`outpost: ${CLI_DISK_FULL_AT_START}\n`]);
    const refused = await t.core.invoke('posts.update', { id: post.id, title: 'Renamed' });
    expect(refused.ok ? null : refused.error.code).toBe('disk_full');
    expect(refused.ok ? null : refused.error.message).toMatch(/^Your disk is full/);
    expect((await t.call('posts.get', { id: post.id })).title).toBe('Written yesterday');
    // An export needs no room in the folder: the data can be taken elsewhere.
    const exported = await t.call('data.export', undefined);
    expect(exported.posts).toBe(1);
    expect(exported.document).toContain('Written yesterday');

    // Room again: the file itself is opened, and changes are kept in it.
    time.advance(10_000);
    await t.waitFor((e) => e.name === 'dataStatus' && e.data.problem === null);
    await t.call('posts.update', { id: post.id, title: 'Renamed' });
    await t.close();
    const again = await core(new Disk(), { dir: folder.dir });
    expect((await again.call('posts.get', { id: post.id })).title).toBe('Renamed');
  });

  it('while editing: the edit is refused in plain words, everything reads, and it goes on once there is room', async () => {
    const disk = new Disk();
    const time = new VirtualTime();
    const t = await core(disk, { clock: time, scheduler: time });
    const post = await t.call('posts.create', { workspace: null, title: 'Launch' });
    const variant = await t.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Saved before the disk filled',
      account: { kind: 'none' },
    });

    disk.fill();
    const refused = await t.core.invoke('variants.update', { id: variant.id, content: LONG('typed') });
    expect(refused.ok ? null : refused.error.code).toBe('disk_full');
    expect(refused.ok ? null : refused.error.message).toMatch(/^Your disk is full/);
    const told = (await t.waitFor((e) => e.name === 'dataStatus')).data as DataStatus;
    expect(told.problem?.kind).toBe('disk_full');
    expect(told.problem?.text).toMatch(/^Your disk is full/);

    // Reading needs no room: the list, the editor's post, history, the outbox, the status, the copies.
    expect((await t.call('posts.list', { workspace: null })).map((p) => p.title)).toEqual(['Launch']);
    expect((await t.call('posts.get', { id: post.id })).variants[0]?.content).toBe(
      'Saved before the disk filled',
    );
    await t.call('history.list', { variantId: variant.id });
    await t.call('outbox.list', undefined);
    await t.call('sync.status', undefined);
    await t.call('data.backups', undefined);
    await t.call('planning.queue', { workspace: null });
    expect((await t.call('data.status', undefined)).problem?.kind).toBe('disk_full');

    // Room again: the next try notices by itself, and the text saves.
    disk.free();
    time.advance(10_000);
    await t.waitFor((e) => e.name === 'dataStatus' && e.data.problem === null);
    const saved = await t.call('variants.update', { id: variant.id, content: LONG('typed') });
    expect(saved.content).toBe(LONG('typed'));
  });
});

describe('a log that cannot be written', () => {
  it('fails no command, reading or writing', async () => {
    const folder = tempDir('outpost-no-log-');
    closing.push(() => Promise.resolve(folder.remove()));
    // The log's file is taken by a folder: every open and write of it fails.
    mkdirSync(join(folder.dir, 'logs', 'outpost.log'), { recursive: true });
    const t = await core(new Disk(), { dir: folder.dir });
    const post = await t.call('posts.create', { workspace: null, title: 'Still saved' });
    expect((await t.call('posts.list', { workspace: null })).map((p) => p.id)).toEqual([post.id]);
  });
});

describe('a sync on a full disk', () => {
  let sandbox: SandboxHandle | null = null;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = null;
  });

  it('stops writing when it cannot record an answer, sends nothing more, and reads back once there is room', async () => {
    sandbox = await startSandbox();
    const s = sandbox;
    const disk = new Disk();
    const patches: string[] = [];
    // The service's answer to an edit carries a long published time, which the core keeps: writing
    // it needs room.
    const fetchThrough: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'PATCH') return fetch(request);
      patches.push(new URL(request.url).pathname);
      if (patches.length === 1) disk.fill();
      const answer = await fetch(request);
      const body = (await answer.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...body, published_at: LONG('answer') }), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    const t = await core(disk, { fetch: fetchThrough, concurrency: 1 });
    await t.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
    const workspace = s.fixtures.workspace;
    const ids: string[] = [];
    for (const title of ['First', 'Second']) {
      const post = await t.call('posts.create', { workspace, title });
      ids.push(
        (
          await t.call('variants.create', {
            postId: post.id,
            platform: 'x',
            content: title,
            account: { kind: 'none' },
          })
        ).id,
      );
    }
    await t.core.syncNow('user');
    for (const id of ids) await t.call('variants.update', { id, content: `${id} edited` });

    const full = await t.core.syncNow('user');
    expect(full.lastError).toMatch(/^Your disk is full: sync stopped before sending more/);
    expect(patches).toHaveLength(1);
    expect((await t.call('data.status', undefined)).problem?.kind).toBe('disk_full');

    disk.free();
    const after = await t.core.syncNow('user');
    expect(after.pending).toBe(0);
    // The edit answered before is read back, not sent again; the other goes once.
    expect(patches).toHaveLength(2);
    const onService = s.inspect
      .posts(workspace)
      .flatMap((p) => s.inspect.variants(p.id).map((v) => v.content));
    for (const id of ids) expect(onService).toContain(`${id} edited`);
  });
});
