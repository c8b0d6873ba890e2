// A first pull of a large library holds a page at a time. Each page of the post
// listing is merged before the next is asked for, and the posts whose variants are read come
// from the database a page at a time, each read once; the rotation's share pages through posts
// read at the same moment without reading one twice.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import { POSTS_PER_PAGE } from '../../../src-main/core/sync/posts-to-read';
import { seedSandboxFile } from '../../bench/lib/seed';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { ManualClock, openCore, tempDir, type TestCore } from './helpers';

const POSTS = 1_200;
const AFTER_FULL_PULL_INTERVAL = 16 * 60_000;

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
let local: Database.Database | null = null;
const dirs: Array<{ remove(): void }> = [];
afterEach(async () => {
  local?.close();
  await t?.close();
  await sandbox?.close();
  for (const d of dirs.splice(0)) d.remove();
  [local, t, sandbox] = [null, null, null];
});

it('a first pull merges each page of the listing before the next, and reads every post once', async () => {
  expect(POSTS).toBeGreaterThan(2 * POSTS_PER_PAGE);
  const dir = tempDir('outpost-pull-paging-');
  dirs.push(dir);
  const seeded = seedSandboxFile(join(dir.dir, 'service.db'), { posts: POSTS, variantsPerPost: 1 });
  sandbox = await startSandbox({ dataFile: seeded.file });
  const client = tempDir('outpost-pull-paging-client-');
  dirs.push(client);

  // Posts of the workspace already merged here each time a listing page is asked for.
  const mergedAtPage: Array<{ offset: number; merged: number }> = [];
  const variantReads: string[] = [];
  const mergedNow = (): number => {
    local ??= new Database(join(client.dir, DATABASE_FILE), { readonly: true, fileMustExist: true });
    const row = local
      .prepare('select count(*) as n from post where workspace = ? and server_id is not null')
      .get(seeded.workspace) as { n: number };
    return row.n;
  };
  const spy: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if ((init?.method ?? 'GET') === 'GET') {
      const offset = url.searchParams.get('offset');
      if (url.pathname.endsWith(`/${seeded.workspace}/posts/`) && offset !== null && offset !== '0')
        mergedAtPage.push({ offset: Number(offset), merged: mergedNow() });
      const post = new RegExp(`/${seeded.workspace}/posts/([^/]+)/variants/$`).exec(url.pathname)?.[1];
      if (post) variantReads.push(post);
    }
    return fetch(input, init);
  };
  const clock = new ManualClock(new Date());
  t = await openCore({ dir: client.dir, clock, fetch: spy, rotationPerPull: 600 });
  await t.call('settings.connect', { baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
  await t.core.syncNow('user');

  // Every page before the one asked for is in the database already (the rows it lists first).
  expect(mergedAtPage.length).toBeGreaterThanOrEqual(POSTS / 100 - 1);
  for (const page of mergedAtPage) expect(page.merged).toBeGreaterThanOrEqual(page.offset);

  const shown = await t.call('posts.list', { workspace: seeded.workspace });
  const hidden = await t.call('posts.list', { workspace: seeded.workspace, hidden: true });
  const linked = [...shown, ...hidden].map((p) => p.serverId).filter((id): id is string => id !== null);
  expect(linked.length).toBeGreaterThan(POSTS);
  expect([...variantReads].sort()).toEqual([...linked].sort());

  // Every post was read at the same moment: the rotation pages through the tie by id, and two
  // full pulls of 600 read the library once between them.
  const rounds: string[][] = [];
  for (let i = 0; i < 2; i++) {
    variantReads.length = 0;
    clock.advance(AFTER_FULL_PULL_INTERVAL);
    await t.core.syncNow('user');
    rounds.push([...variantReads]);
  }
  expect(rounds.map((r) => r.length)).toEqual([600, 600]);
  expect(new Set(rounds.flat()).size).toBe(1_200);
});
