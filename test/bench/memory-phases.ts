// Where a first pull's memory goes (`npx tsx test/bench/memory-phases.ts`): one Outpost pull
// of a seeded service into an empty folder, in a fresh process with the app's V8 settings,
// its memory sampled every 250 ms and each sample labelled by the request the core sent last.
// Prints the highest figures of each phase (the posts' listing, the variant lists, the rest)
// and, with BENCH_MEMORY_TIMELINE=1, every sample. Not part of `npm run bench`.
//   BENCH_MEMORY_POSTS=50000 (default)   BENCH_OUTPOST_FLAGS='..' (extra Node/V8 flags)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PullChildResult } from './pull-child';
import { bundleEntry } from './lib/bundle';
import { runChild } from './lib/fork';
import { loadNow } from './lib/load';
import type { MemorySample } from './lib/memory';
import { startSandboxProcess } from './lib/sandbox-process';
import { seedSandboxFile } from './lib/seed';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const posts = Number(process.env.BENCH_MEMORY_POSTS ?? 50_000);
const flags = (process.env.BENCH_OUTPOST_FLAGS ?? '').split(/\s+/).filter((f) => f !== '');
const mb = (bytes: number | null): string => (bytes === null ? 'n/a' : (bytes / 1024 / 1024).toFixed(1));

/** The phase of a first pull a request belongs to. */
function phaseOf(path: string): string {
  if (/\/variants\/$/.test(path)) return 'variant lists';
  if (/\/posts\/\?limit=/.test(path)) return 'posts listing';
  return 'connect, profiles, skills';
}

const work = mkdtempSync(join(tmpdir(), 'outpost-memory-'));
try {
  const child = await bundleEntry(join(HERE, 'pull-child.ts'));
  const seed = seedSandboxFile(join(work, 'service.db'), { posts, variantsPerPost: 2 });
  const sandbox = await startSandboxProcess(seed.file);
  try {
    const load = loadNow();
    const result = await runChild<PullChildResult>(
      child,
      {
        BENCH_PULL_INPUT: JSON.stringify({
          mode: 'outpost',
          baseUrl: sandbox.baseUrl,
          token: sandbox.token,
          dataDir: join(work, 'client'),
          concurrency: 4,
          edits: 0,
          timelineMs: 250,
        }),
      },
      flags,
    );
    const samples = result.memoryTimeline ?? [];
    process.stdout.write(
      `${posts} posts, load ${load.load1m}: pull ${Math.round(result.wallMs)} ms, peak ${mb(result.peakRssBytes)} MB, end ${mb(result.rssBytes)} MB\n\n`,
    );
    const phases = new Map<string, MemorySample[]>();
    for (const s of samples) phases.set(phaseOf(s.label), [...(phases.get(phaseOf(s.label)) ?? []), s]);
    const max = (list: MemorySample[], pick: (s: MemorySample) => number | null): number | null =>
      list.reduce<number | null>((m, s) => Math.max(m ?? 0, pick(s) ?? 0), null);
    process.stdout.write(
      '| Phase | Samples | RSS | RSS anonymous | RSS file | V8 heap total | V8 heap used | external |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n',
    );
    for (const [phase, list] of phases) {
      process.stdout.write(
        `| ${phase} | ${list.length} | ${mb(max(list, (s) => s.rssBytes))} | ${mb(max(list, (s) => s.rssAnonBytes))} | ${mb(max(list, (s) => s.rssFileBytes))} | ${mb(max(list, (s) => s.heapTotalBytes))} | ${mb(max(list, (s) => s.heapUsedBytes))} | ${mb(max(list, (s) => s.externalBytes))} |\n`,
      );
    }
    if (process.env.BENCH_MEMORY_TIMELINE === '1') {
      process.stdout.write('\nms rss anon file heapTotal heapUsed external phase\n');
      for (const s of samples) {
        process.stdout.write(
          `${s.atMs} ${mb(s.rssBytes)} ${mb(s.rssAnonBytes)} ${mb(s.rssFileBytes)} ${mb(s.heapTotalBytes)} ${mb(s.heapUsedBytes)} ${mb(s.externalBytes)} ${phaseOf(s.label)}\n`,
        );
      }
    }
  } finally {
    await sandbox.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
