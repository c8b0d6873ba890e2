// A/B trial of the pull (`npx tsx test/bench/trial.ts`): Outpost pulls the same seeded service
// under each set of Node/V8 flags, the sets taking turns, so a change's effect on time and
// memory is measured in pairs under the same load. Not part of `npm run bench`.
//   BENCH_TRIAL_POSTS=10000 (default)  BENCH_TRIAL_ROUNDS=3 (default)
//   BENCH_TRIAL_FLAGS='none|app|--heap-growing-percent=50' (sets split by |): `none` is V8's
//   defaults, `app` the app's own settings (src-main/shared/v8-memory.ts, plus any flags after it),
//   anything else Node/V8 flags without the app's settings. A word `src=DIR` runs the pull of
//   another copy of the sources (e.g. `git archive` of an older commit into DIR, with a
//   node_modules link), to measure a code change the same way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PullChildResult } from './pull-child';
import { bundleEntry } from './lib/bundle';
import { runChild } from './lib/fork';
import { loadNow } from './lib/load';
import { startSandboxProcess } from './lib/sandbox-process';
import { seedSandboxFile } from './lib/seed';
import { median } from './lib/stats';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const posts = Number(process.env.BENCH_TRIAL_POSTS ?? 10_000);
const rounds = Number(process.env.BENCH_TRIAL_ROUNDS ?? 3);
const sets = (process.env.BENCH_TRIAL_FLAGS ?? 'none|app').split('|').map((s) => s.trim());
const words = (set: string): string[] => set.split(/\s+/).filter((w) => w !== '' && w !== 'none');
const flagsOf = (set: string): string[] => words(set).filter((w) => w !== 'app' && !w.startsWith('src='));
const srcOf = (set: string): string | undefined =>
  words(set)
    .find((w) => w.startsWith('src='))
    ?.slice('src='.length);
const appV8Of = (set: string): boolean => words(set)[0] === 'app';
const mb = (b: number): number => Math.round(b / 1024 / 102.4) / 10;

const work = mkdtempSync(join(tmpdir(), 'outpost-trial-'));
const childOf = new Map<string, string>();
for (const [i, set] of sets.entries()) {
  const src = srcOf(set);
  childOf.set(
    set,
    src === undefined
      ? await bundleEntry(join(HERE, 'pull-child.ts'))
      : await bundleEntry(join(src, 'test/bench/pull-child.ts'), `pull-child-trial-${i}.mjs`),
  );
}
const seed = seedSandboxFile(join(work, 'service.db'), { posts, variantsPerPost: 2 });
const sandbox = await startSandboxProcess(seed.file);
const results = new Map<string, PullChildResult[]>(sets.map((s) => [s, []]));
try {
  for (let round = 0; round < rounds; round++) {
    // Rotate who goes first, so no set always meets a warmer service.
    const order = sets.map((_, i) => sets[(i + round) % sets.length] as string);
    for (const set of order) {
      const load = loadNow();
      await sandbox.reset();
      const r = await runChild<PullChildResult>(
        childOf.get(set) as string,
        {
          BENCH_PULL_INPUT: JSON.stringify({
            mode: 'outpost',
            baseUrl: sandbox.baseUrl,
            token: sandbox.token,
            dataDir: join(work, `pull-${round}-${sets.indexOf(set)}`),
            concurrency: 4,
            edits: 0,
            appV8: appV8Of(set),
          }),
        },
        flagsOf(set),
      );
      results.get(set)?.push(r);
      process.stderr.write(
        `trial ${round + 1}/${rounds} [${set}] load ${load.load1m}${load.loaded ? ' (loaded)' : ''}: ${Math.round(r.wallMs)} ms, cpu ${Math.round(r.cpuMs)} ms, peak ${mb(r.peakRssBytes)} MB, end ${mb(r.rssBytes)} MB, heap ${mb(r.heapTotalBytes)} MB\n`,
      );
      rmSync(join(work, `pull-${round}-${sets.indexOf(set)}`), { recursive: true, force: true });
    }
  }
} finally {
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
}
process.stdout.write(
  `\n| Flags | Pull (median) | CPU | Peak RSS | End RSS | Heap at end |\n| --- | --- | --- | --- | --- | --- |\n`,
);
for (const [set, rs] of results) {
  process.stdout.write(
    `| ${set} | ${Math.round(median(rs.map((r) => r.wallMs)))} ms | ${Math.round(median(rs.map((r) => r.cpuMs)))} ms | ${mb(median(rs.map((r) => r.peakRssBytes)))} MB | ${mb(median(rs.map((r) => r.rssBytes)))} MB | ${mb(median(rs.map((r) => r.heapTotalBytes)))} MB |\n`,
  );
}
