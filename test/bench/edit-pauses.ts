// Where a slow local edit's time goes after a first pull: `npx tsx
// test/bench/edit-pauses.ts`. Pulls 10,000 posts in a fresh process, then times 300 first edits
// and 300 keystrokes, as the bench's pull part does, under conditions that each take one cause
// away, and prints per run the p99s and, for the edits over 1 ms, where the main thread was
// (lib/pauses.ts: on a core, waiting for one, blocked in the kernel) and what the process's
// other threads used meanwhile. Linux only (the scheduler counters); not part of `npm run bench`.
//   EDIT_PAUSES_CONDITIONS=settled,fresh,tmpfs,flushed,one-helper  EDIT_PAUSES_RUNS=2
//   settled     as the bench: 30 s of idling after the pull, the data folder on the disk
//   fresh       editing straight after the pull
//   tmpfs       settled, the data folder in memory (/dev/shm): no disk under the writes
//   flushed     settled, with `sync` every 2 s from the start: the pull's writes reach the disk
//               as they come instead of 30 s later, when the kernel writes back old dirty pages
//   one-helper  settled, with V8's helper threads limited to one (--v8-pool-size=1)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleEntry } from './lib/bundle';
import { runChild } from './lib/fork';
import { loadNow } from './lib/load';
import { waitsText } from './lib/pauses';
import { startSandboxProcess } from './lib/sandbox-process';
import { seedSandboxFile } from './lib/seed';
import { summarize } from './lib/stats';
import type { PullChildResult } from './pull-child';

const CONDITIONS = {
  settled: { settleMs: 30_000, memory: false, flush: false, flags: [] },
  fresh: { settleMs: 0, memory: false, flush: false, flags: [] },
  tmpfs: { settleMs: 30_000, memory: true, flush: false, flags: [] },
  flushed: { settleMs: 30_000, memory: false, flush: true, flags: [] },
  'one-helper': { settleMs: 30_000, memory: false, flush: false, flags: ['--v8-pool-size=1'] },
} as const;
type Condition = keyof typeof CONDITIONS;

const HERE = fileURLToPath(new URL('./', import.meta.url));
const chosen = (process.env.EDIT_PAUSES_CONDITIONS ?? Object.keys(CONDITIONS).join(','))
  .split(',')
  .filter((c): c is Condition => c in CONDITIONS);
const runs = Number(process.env.EDIT_PAUSES_RUNS ?? 2);
const pull = await bundleEntry(join(HERE, 'pull-child.ts'));
const work = mkdtempSync(join(tmpdir(), 'outpost-edit-pauses-'));
const seed = seedSandboxFile(join(work, 'service.db'), { posts: 10_000, variantsPerPost: 2 });
const sandbox = await startSandboxProcess(seed.file);
const p99 = (values: readonly number[] | undefined): string => summarize(values ?? []).p99.toFixed(2);

try {
  for (let run = 1; run <= runs; run++) {
    for (const name of chosen) {
      const condition = CONDITIONS[name];
      await sandbox.reset();
      const dataDir = mkdtempSync(condition.memory ? '/dev/shm/outpost-edit-pauses-' : join(work, 'data-'));
      const flushing = condition.flush ? setInterval(() => execFileSync('sync'), 2_000) : null;
      const load = loadNow().load1m;
      try {
        const r = await runChild<PullChildResult>(
          pull,
          {
            BENCH_PULL_INPUT: JSON.stringify({
              mode: 'outpost',
              baseUrl: sandbox.baseUrl,
              token: sandbox.token,
              dataDir,
              concurrency: 4,
              edits: 300,
              settleMs: condition.settleMs,
              firstLists: 0,
            }),
          },
          condition.flags,
        );
        process.stdout.write(
          `${name}, run ${run} (load ${load}): first-edit p99 ${p99(r.editFirstMs)} ms, typing p99 ${p99(r.editRepeatMs)} ms\n` +
            `  first edits: ${waitsText(r.editFirstWaits)}\n  typing: ${waitsText(r.editRepeatWaits)}\n`,
        );
      } finally {
        if (flushing) clearInterval(flushing);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
} finally {
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
}
