// Load: thousands of posts on the service, pulled, then kept in sync under a steady
// stream of edits for a bounded time. Heap (after GC) and open handles are sampled at the end
// of every sync round; they must level off, not climb with every round.
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import type { VariantView } from '@preload/bridge';
import { SandboxDb } from '../server/db';
import { startSandbox, SEED as SANDBOX_SEED, type SandboxHandle } from '../server/index';
import { seedDatabase } from '../server/seed';
import { FIGURES, SEED } from './support/config';
import { connect, openCore, summaryLine, tempDir, type OpenedCore } from './support/harness';
import { LeakProbe } from './support/leaks';
import { createRng } from './support/random';

const WORKSPACE = SANDBOX_SEED.workspace;

/** Writes the posts straight into a sandbox database file: 10,000 POSTs would take minutes. */
function seedSandboxFile(file: string, posts: number): void {
  const db = new SandboxDb(file);
  try {
    const now = new Date();
    seedDatabase(db, 'test', 'numeric', now);
    const at = now.toISOString();
    db.transaction(() => {
      for (let i = 1; i <= posts; i++) {
        const pk = db.allocatePk();
        db.q.insertPost.run({
          pk,
          id: String(pk),
          workspace: WORKSPACE,
          owner: SANDBOX_SEED.caller,
          title: `[L${i}] load post`,
          visibility: 'workspace',
          created_at: at,
          updated_at: at,
        });
        const vpk = db.allocatePk();
        db.q.insertVariant.run({
          pk: vpk,
          id: String(vpk),
          post_pk: pk,
          platform: 'x',
          content: `[L${i}-1] load variant`,
          social_profile_id: SANDBOX_SEED.profiles.xDefault,
          scheduled_at: null,
          status: 'draft',
          platform_post_url: null,
          published_at: null,
          created_at: at,
          updated_at: at,
        });
      }
    });
  } finally {
    db.close();
  }
}

function gcFunction(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

interface Sample {
  round: number;
  heapMb: number;
  handles: number;
}

describe('load', () => {
  let sandbox: SandboxHandle | null = null;
  let opened: OpenedCore | null = null;
  afterAll(async () => {
    await opened?.core.close(0);
    await sandbox?.close();
  });

  it(`pulls ${FIGURES.loadPosts} posts and keeps them in sync under edits without growing`, async () => {
    const sandboxFile = join(tempDir('load-sandbox'), 'sandbox.db');
    seedSandboxFile(sandboxFile, FIGURES.loadPosts);
    sandbox = await startSandbox({ dataFile: sandboxFile });
    const probe = new LeakProbe(sandbox.token);
    const dataDir = tempDir('load');
    opened = await openCore({ dataDir, concurrency: 8 }, probe);
    const { core } = opened;
    const gc = gcFunction();

    const pullStarted = Date.now();
    await connect(core, sandbox.baseUrl, sandbox.token, WORKSPACE);
    await core.syncNow('user');
    const pullMs = Date.now() - pullStarted;
    const list = await core.invoke('posts.list', { workspace: WORKSPACE });
    if (!list.ok) throw new Error(list.error.message);
    const summaries = list.value.filter((p) => p.title.startsWith('[L'));
    expect(summaries).toHaveLength(FIGURES.loadPosts);

    // The variants the edit stream works on: a fixed random sample of the pulled posts.
    const rng = createRng(SEED + 5);
    const targets: VariantView[] = [];
    for (let i = 0; i < 200; i++) {
      const detail = await core.invoke('posts.get', { id: rng.pick(summaries).id });
      if (detail.ok) targets.push(...detail.value.variants);
    }
    const lastEdit = new Map<string, string>();

    const samples: Sample[] = [];
    let edits = 0;
    let round = 0;
    const sample = () => {
      gc();
      samples.push({
        round,
        heapMb: process.memoryUsage().heapUsed / 1024 / 1024,
        handles: process.getActiveResourcesInfo().length,
      });
    };
    sample();
    const until = Date.now() + FIGURES.loadMs;
    // At least a few rounds even on a slow machine, so there is a trend to judge.
    while (Date.now() < until || round < 4) {
      // Typing goes on while the previous sync still runs: the engine must not queue up work.
      const syncing = core.syncNow('user');
      for (let i = 0; i < 25; i++) {
        const v = rng.pick(targets);
        const content = `${v.content.split(']')[0]}] edit ${++edits}`;
        const r = await core.invoke('variants.update', { id: v.id, content });
        if (r.ok) lastEdit.set(v.id, content);
      }
      await syncing;
      round += 1;
      sample();
    }
    // Settle: the last edits go out, then compare with the service.
    await core.syncNow('user');
    sample();

    const serviceById = new Map(sandbox.inspect.variants().map((v) => [v.id, v]));
    let lost = 0;
    for (const v of targets) {
      const want = lastEdit.get(v.id);
      if (want !== undefined && serviceById.get(v.serverId ?? '')?.content !== want) lost += 1;
    }
    const after = await core.invoke('posts.list', { workspace: WORKSPACE });
    const localCount = after.ok ? after.value.filter((p) => p.title.startsWith('[L')).length : 0;
    const duplicates = Math.max(0, localCount - FIGURES.loadPosts);
    const doublePublishes = sandbox.inspect
      .variants()
      .filter((v) => sandbox!.inspect.publishCount(v.id) > 1).length;
    probe.checkTree(dataDir);

    // Growth is judged between the settled middle and the end, past the first rounds' warm-up.
    const warm = samples.slice(Math.min(2, samples.length - 1));
    const firstHalf = warm.slice(0, Math.ceil(warm.length / 2));
    const secondHalf = warm.slice(Math.ceil(warm.length / 2));
    const max = (xs: Sample[], f: (s: Sample) => number) => Math.max(...xs.map(f));
    const heapEarly = max(firstHalf, (s) => s.heapMb);
    const heapLate = max(secondHalf.length > 0 ? secondHalf : firstHalf, (s) => s.heapMb);
    const handlesEarly = max(firstHalf, (s) => s.handles);
    const handlesLate = max(secondHalf.length > 0 ? secondHalf : firstHalf, (s) => s.handles);
    console.log(
      `load: ${FIGURES.loadPosts} posts pulled in ${pullMs} ms, ${round} sync rounds in ${FIGURES.loadMs} ms ` +
        `with ${edits} edits; heap after GC ${samples.map((s) => s.heapMb.toFixed(0)).join(' ')} MB; ` +
        `open handles ${samples.map((s) => s.handles).join(' ')}`,
    );
    console.log(
      summaryLine('load', {
        faultsInjected: sandbox.faults.injected,
        crashes: 0,
        duplicates,
        lost,
        doublePublishes,
        leaks: probe.leaks,
      }),
    );

    expect(lost).toBe(0);
    expect(duplicates).toBe(0);
    expect(doublePublishes).toBe(0);
    expect(probe.found).toEqual([]);
    // Bounded: the later rounds hold no more than the earlier ones plus slack for caches and noise.
    expect(heapLate).toBeLessThanOrEqual(heapEarly * 1.25 + 16);
    expect(handlesLate).toBeLessThanOrEqual(handlesEarly + 4);
  });
});
