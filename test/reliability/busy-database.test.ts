// Busy database, two processes (scenario A): while the core syncs 30 posts with two
// variants each over several syncs, and the user keeps editing, a second process commits to the
// same outpost.db hundreds of times a second. No op may fail with "database is locked" (a
// deferred write transaction that read first gets SQLITE_BUSY_SNAPSHOT at once in WAL mode,
// without waiting for busy_timeout), and no local error after the service applied a write may
// turn into a second copy on the service.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { PostSummary } from '@preload/bridge';
import { DATABASE_FILE } from '../../src-main/core/paths';
import { startSandbox, SEED as SANDBOX_SEED, type SandboxHandle } from '../server/index';
import { ManualClock } from './support/clock';
import { FULL } from './support/config';
import { connect, openCore, tempDir, type OpenedCore } from './support/harness';
import { LeakProbe, listFiles } from './support/leaks';
import {
  draft,
  must,
  ops,
  postDetail,
  scenarioLine,
  syncLog,
  syncRounds,
  syncStatus,
} from './support/scenario';

const WORKSPACE = SANDBOX_SEED.workspace;
const POSTS = FULL ? 60 : 30;
const ROUNDS = 3;
const WRITES_PER_SECOND = 500;
const LOCKED = /database is locked|SQLITE_BUSY/i;
const WRITER = join(fileURLToPath(new URL('.', import.meta.url)), 'support', 'busy-writer.mjs');

interface WriterResult {
  commits: number;
  ms: number;
  errors: Record<string, number>;
}

/** The second process; resolves once it has committed at least once. */
function startWriter(
  file: string,
): Promise<{ child: ChildProcessWithoutNullStreams; result: Promise<WriterResult> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, file, String(WRITES_PER_SECOND)], { stdio: 'pipe' });
    let out = '';
    let err = '';
    let announced = false;
    const result = new Promise<WriterResult>((done, fail) => {
      child.on('exit', (code) => {
        const line = out.split('\n').find((l) => l.startsWith('RESULT '));
        if (line) done(JSON.parse(line.slice('RESULT '.length)) as WriterResult);
        else fail(new Error(`busy writer exited ${code} without a result: ${err}`));
      });
    });
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!announced && out.includes('READY\n')) {
        announced = true;
        resolve({ child, result });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    child.on('error', reject);
    result.catch((error: unknown) => {
      if (!announced) reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

describe('busy database, two processes', () => {
  let sandbox: SandboxHandle | null = null;
  let opened: OpenedCore | null = null;
  let writer: ChildProcessWithoutNullStreams | null = null;
  afterAll(async () => {
    writer?.stdin.end();
    await opened?.core.close(0);
    await sandbox?.close();
  });

  it('a second process committing hundreds of times a second: 0 "database is locked", 0 failed ops, every draft once', async () => {
    sandbox = await startSandbox();
    const dataDir = tempDir('busy');
    const probe = new LeakProbe(sandbox.token);
    const clock = new ManualClock(new Date());
    opened = await openCore({ dataDir, clock, concurrency: 4 }, probe);
    const { core } = opened;
    await connect(core, sandbox.baseUrl, sandbox.token, WORKSPACE);
    await core.syncNow('user');

    // A little network time per request keeps the syncs running while the other process commits.
    sandbox.faults.add({ kind: 'latency', latencyMs: 5 });
    const started = await startWriter(join(dataDir, DATABASE_FILE));
    writer = started.child;

    // Local id of each variant -> the content the user left it with.
    const expected = new Map<string, { tag: string; content: string }>();
    const titles: string[] = [];
    const perRound = Math.ceil(POSTS / ROUNDS);
    let edits = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < perRound && titles.length < POSTS; i++) {
        const n = titles.length;
        const title = `[busy-${n}] Busy database post ${n}`;
        titles.push(title);
        const made = await draft(core, WORKSPACE, title, [
          { platform: 'x', content: `[busy-${n}-x] first words` },
          { platform: 'linkedin', content: `[busy-${n}-li] first words` },
        ]);
        expected.set(made.variantIds[0]!, { tag: `[busy-${n}-x]`, content: `[busy-${n}-x] first words` });
        expected.set(made.variantIds[1]!, { tag: `[busy-${n}-li]`, content: `[busy-${n}-li] first words` });
      }
      // The user keeps typing while the sync runs: local writes of this process, too.
      const syncing = core.syncNow('user');
      for (const [id, v] of [...expected].slice(0, perRound * 2 * round)) {
        if (edits % 3 === 0) {
          const content = `${v.tag} edited in round ${round}`;
          await must(core, 'variants.update', { id, content });
          expected.set(id, { tag: v.tag, content });
        }
        edits += 1;
      }
      await syncing;
      clock.advance(6 * 60_000);
    }
    await syncRounds(core, clock, 3); // settle

    writer.stdin.end();
    const written = await started.result;
    writer = null;

    // --- what Outpost says ------------------------------------------------------------------
    const outbox = await ops(core);
    const failed = outbox.filter((o) => o.state === 'failed');
    const unsettled = outbox.filter((o) => o.state !== 'done');
    const log = await syncLog(core);
    const status = await syncStatus(core);
    const summaries = await must<PostSummary[]>(core, 'posts.list', { workspace: WORKSPACE });
    const viewErrors: string[] = [];
    for (const s of summaries.filter((p) => p.title.startsWith('[busy-'))) {
      const detail = await postDetail(core, s.id);
      if (detail.error) viewErrors.push(detail.error);
      for (const v of detail.variants) if (v.error) viewErrors.push(v.error);
    }
    const logFiles = listFiles(dataDir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => readFileSync(f, 'utf8'));
    const locked =
      outbox.filter((o) => LOCKED.test(o.error ?? '')).length +
      log.filter((e) => LOCKED.test(e.reason)).length +
      (LOCKED.test(status.lastError ?? '') ? 1 : 0) +
      viewErrors.filter((e) => LOCKED.test(e)).length +
      logFiles.reduce((n, text) => n + (text.match(/database is locked/gi)?.length ?? 0), 0);

    // --- what the service holds -------------------------------------------------------------
    const servicePosts = sandbox.inspect.posts(WORKSPACE);
    const serviceVariants = sandbox.inspect.variants();
    let duplicates = 0;
    let lost = 0;
    let stale = 0;
    for (const title of titles) {
      const n = servicePosts.filter((p) => p.title === title).length;
      duplicates += Math.max(0, n - 1);
      lost += n === 0 ? 1 : 0;
    }
    for (const v of expected.values()) {
      const found = serviceVariants.filter((s) => s.content.startsWith(`${v.tag} `));
      duplicates += Math.max(0, found.length - 1);
      lost += found.length === 0 ? 1 : 0;
      if (found.length === 1 && found[0]!.content !== v.content) stale += 1;
    }
    const localBusy = summaries.filter((p) => p.title.startsWith('[busy-'));
    duplicates += Math.max(0, localBusy.length - titles.length);
    // Only this run's variants: the seed holds a published one of its own.
    const publishes = serviceVariants
      .filter((v) => v.content.startsWith('[busy-'))
      .map((v) => sandbox!.inspect.publishCount(v.id));
    const published = publishes.reduce((a, b) => a + b, 0);
    const doublePublishes = publishes.reduce((n, c) => n + Math.max(0, c - 1), 0);
    await core.close(0);
    opened = null;
    probe.checkTree(dataDir);

    const rate = Math.round((written.commits * 1000) / Math.max(1, written.ms));
    console.log(
      scenarioLine(
        'busy database',
        {
          faultsInjected: sandbox.faults.injected,
          crashes: 0,
          duplicates,
          lost,
          doublePublishes,
          leaks: probe.leaks,
          failedOps: failed.length,
        },
        `database is locked ${locked}; second process ${written.commits} commits in ${written.ms} ms ` +
          `(${rate}/s, ${Object.values(written.errors).reduce((a, b) => a + b, 0)} of its own failed); ` +
          `${titles.length} posts, ${expected.size} variants, ${edits} edits seen, ${stale} stale contents, ` +
          `${unsettled.length} ops not done`,
      ),
    );
    for (const o of [...failed, ...unsettled].slice(0, 10)) console.log(`op: ${JSON.stringify(o)}`);

    // The second process really was busy the whole time.
    expect(rate).toBeGreaterThanOrEqual(200);
    expect(written.commits).toBeGreaterThan(100);
    expect(locked).toBe(0);
    expect(failed).toEqual([]);
    expect(duplicates).toBe(0);
    expect(lost).toBe(0);
    // Nothing was published: nobody asked.
    expect(published).toBe(0);
    expect(doublePublishes).toBe(0);
    expect(stale).toBe(0);
    expect(unsettled).toEqual([]);
    expect(probe.found).toEqual([]);
  });
});
