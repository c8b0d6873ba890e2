// The sync lets the window's commands through at its next step (core/give-way.ts): a command
// that waits stops it between posts, a command that runs makes its transactions commit early.
// Stopping that often must change nothing of what a pull stores, and lose nothing typed.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import { seedSandboxFile } from '../../bench/lib/seed';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { openCore, tempDir, type TestCore } from './helpers';

const POSTS = 250;

let sandbox: SandboxHandle | null = null;
const cores: TestCore[] = [];
const dirs: Array<{ remove(): void }> = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
  await sandbox?.close();
  sandbox = null;
  for (const d of dirs.splice(0)) d.remove();
});

/** What a pull stored of the service's posts, as the file holds it. */
function pulled(dir: string): { posts: unknown[]; variants: unknown[]; unread: number } {
  const db = new Database(join(dir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return {
      posts: db
        .prepare('select server_id, title from post where server_id is not null order by server_id')
        .all(),
      variants: db
        .prepare(
          `select p.server_id as post, v.server_id, v.platform, v.content from variant v
           join post p on p.id = v.post_id where v.server_id is not null order by v.server_id`,
        )
        .all(),
      unread: (
        db
          .prepare('select count(*) as n from post where server_id is not null and variants_read_at is null')
          .get() as { n: number }
      ).n,
    };
  } finally {
    db.close();
  }
}

async function connectedCore(options: { commandsWaiting?: () => boolean } = {}): Promise<TestCore> {
  const dir = tempDir('outpost-window-first-');
  dirs.push(dir);
  const t = await openCore({ dir: dir.dir, ...options });
  cores.push(t);
  const s = sandbox as SandboxHandle;
  await t.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
  return t;
}

it('a first pull that gives way at every other step, typed into all along, stores what a plain pull stores', async () => {
  const seed = tempDir('outpost-window-first-service-');
  dirs.push(seed);
  const seeded = seedSandboxFile(join(seed.dir, 'service.db'), { posts: POSTS, variantsPerPost: 2 });
  sandbox = await startSandbox({ dataFile: seeded.file });

  const plain = await connectedCore();
  await plain.core.syncNow('user');

  // A host that always has a command on its way half the times it is asked.
  let asked = 0;
  const giving = await connectedCore({ commandsWaiting: () => ++asked % 2 === 0 });
  const draft = await giving.call('posts.create', { workspace: null, title: 'Draft' });
  const pull = giving.core.syncNow('user');
  // Typed while the pull runs: each save is a command running beside it.
  const typed: string[] = [];
  let pullDone = false;
  void pull.finally(() => (pullDone = true));
  for (let i = 1; (!pullDone || i <= 20) && i <= 100_000; i++) {
    // A keystroke comes as a message does, in a turn of its own.
    await new Promise((resolve) => setImmediate(resolve));
    typed.push(`Draft ${i}`);
    await giving.call('posts.update', { id: draft.id, title: `Draft ${i}` });
  }
  expect(pullDone).toBe(true);
  await pull;

  // Asked at each post merged, each request, each group: far more often than there are posts.
  expect(asked).toBeGreaterThan(POSTS);
  const expected = pulled(plain.dir);
  // The seeded posts and the sandbox's own few.
  expect(expected.posts.length).toBeGreaterThanOrEqual(POSTS);
  expect(expected.variants.length).toBeGreaterThanOrEqual(POSTS * 2);
  expect(expected.unread).toBe(0);
  expect(pulled(giving.dir)).toEqual(expected);
  expect((await giving.call('posts.get', { id: draft.id })).title).toBe(typed.at(-1));
});
