// The ceiling of the architecture docs/benchmarks.md names as the next step
// (`npm run build && npx tsx test/bench/ceiling.ts`; not part of `npm run bench`): how close to
// the bare client could Outpost get on this machine if a writer thread with its own SQLite
// connection took every answer and the main thread only sent and read? The ceiling's main
// thread is the bare client plus a message per answer (ceiling/child.ts); its writer
// (ceiling/writer.ts) runs the SQL the core runs per op or per post, with the core's schemas
// checking the answers, and none of the core's other work. What it measures is an upper bound:
// the real design would add its state machine, query builder and events to the writer. For the
// push, a fifth contender has them: its writer (ceiling/core-writer.ts) runs the core's own claim
// and settle code.
// It takes turns with Outpost and the bare client, as `npm run bench` does, and prints the ratio
// of each pair.
//   BENCH_CEILING_ROUNDS=3 (default)   BENCH_CEILING_PARTS=push,pull (default)
//   BENCH_CEILING_SETTLE_S=90 (default): before each run, wait up to this long for the 1-minute
//   load to fall under the core count (0: do not wait).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CeilingChildInput, CeilingChildResult } from './ceiling/child';
import type { PullChildResult } from './pull-child';
import type { PushChildResult } from './push-child';
import { BENCH_OUT, bundleEntry } from './lib/bundle';
import { runChild } from './lib/fork';
import { loadSettled, ratioText, type LoadSample } from './lib/load';
import { startSandboxProcess } from './lib/sandbox-process';
import { seedSandboxFile } from './lib/seed';
import { median } from './lib/stats';
import { V8_MEMORY_FLAGS } from '../../src-main/shared/v8-memory';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const rounds = Number(process.env.BENCH_CEILING_ROUNDS ?? 3);
const parts = (process.env.BENCH_CEILING_PARTS ?? 'push,pull').split(',').map((p) => p.trim());
const settleMs = Number(process.env.BENCH_CEILING_SETTLE_S ?? 90) * 1000;
const PUSH_POSTS = 1_000;
const PULL_POSTS = 10_000;
const CONCURRENCY = 4;

const children = {
  push: await bundleEntry(join(HERE, 'push-child.ts')),
  pull: await bundleEntry(join(HERE, 'pull-child.ts')),
  ceiling: await bundleEntry(join(HERE, 'ceiling', 'child.ts'), 'ceiling-child.mjs'),
  writer: await bundleEntry(join(HERE, 'ceiling', 'writer.ts'), 'ceiling-writer.mjs'),
  coreWriter: await bundleEntry(join(HERE, 'ceiling', 'core-writer.ts'), 'ceiling-core-writer.mjs'),
};

type Contender =
  'bare' | 'outpost' | 'writer' | 'writer, a post claimed at once' | 'core writer, a post claimed at once';
interface Run {
  part: 'push' | 'pull';
  round: number;
  contender: Contender;
  wallMs: number;
  cpuMs: number;
  requests: number;
  load: LoadSample;
}

const work = mkdtempSync(join(tmpdir(), 'outpost-ceiling-'));
const runs: Run[] = [];
const log = (text: string): void => void process.stderr.write(`${text}\n`);

async function runOne(
  part: 'push' | 'pull',
  contender: Contender,
  service: { baseUrl: string; token: string },
  dataDir: string,
): Promise<{ wallMs: number; cpuMs: number; requests: number }> {
  // Each contender's three figures only, whatever else its child reports.
  if (contender === 'bare' || contender === 'outpost') {
    const flags = contender === 'outpost' ? V8_MEMORY_FLAGS : [];
    if (part === 'push') {
      const input = { mode: contender, ...service, dataDir, posts: PUSH_POSTS, concurrency: CONCURRENCY };
      const r = await runChild<PushChildResult>(
        children.push,
        { BENCH_PUSH_INPUT: JSON.stringify(input) },
        flags,
      );
      return { wallMs: r.wallMs, cpuMs: r.cpuMs, requests: r.requests };
    }
    const input = { mode: contender, ...service, dataDir, concurrency: CONCURRENCY, edits: 0 };
    const r = await runChild<PullChildResult>(
      children.pull,
      { BENCH_PULL_INPUT: JSON.stringify(input) },
      flags,
    );
    return { wallMs: r.wallMs, cpuMs: r.cpuMs, requests: r.clientRequests };
  }
  const input: CeilingChildInput = {
    part,
    claimPerPost: contender !== 'writer',
    ...service,
    dataDir,
    writerFile: contender === 'core writer, a post claimed at once' ? children.coreWriter : children.writer,
    posts: PUSH_POSTS,
    concurrency: CONCURRENCY,
  };
  const r = await runChild<CeilingChildResult>(children.ceiling, {
    BENCH_CEILING_INPUT: JSON.stringify(input),
  });
  return { wallMs: r.wallMs, cpuMs: r.cpuMs, requests: r.requests };
}

try {
  if (parts.includes('push')) {
    const contenders: Contender[] = [
      'bare',
      'outpost',
      'writer',
      'writer, a post claimed at once',
      'core writer, a post claimed at once',
    ];
    for (let round = 0; round < rounds; round++) {
      for (const contender of round % 2 === 0 ? contenders : [...contenders].reverse()) {
        // A fresh service each time, so every run creates into the same state.
        const seed = seedSandboxFile(join(work, `push-${round}-${runs.length}.db`), {
          posts: 0,
          variantsPerPost: 0,
        });
        const sandbox = await startSandboxProcess(seed.file);
        try {
          const load = await loadSettled(settleMs);
          const dataDir = join(work, `push-data-${round}-${runs.length}`);
          const r = await runOne('push', contender, sandbox, dataDir);
          runs.push({ part: 'push', round, contender, ...r, load });
          log(`push ${round + 1}/${rounds} ${contender} (load ${load.load1m}): ${Math.round(r.wallMs)} ms`);
        } finally {
          await sandbox.close();
        }
      }
    }
  }
  if (parts.includes('pull')) {
    const contenders: Contender[] = ['bare', 'outpost', 'writer'];
    const seed = seedSandboxFile(join(work, 'pull.db'), { posts: PULL_POSTS, variantsPerPost: 2 });
    const sandbox = await startSandboxProcess(seed.file);
    try {
      for (let round = 0; round < rounds; round++) {
        for (const contender of round % 2 === 0 ? contenders : [...contenders].reverse()) {
          await sandbox.reset();
          const load = await loadSettled(settleMs);
          const dataDir = join(work, `pull-data-${round}-${runs.length}`);
          const r = await runOne('pull', contender, sandbox, dataDir);
          runs.push({ part: 'pull', round, contender, ...r, load });
          log(`pull ${round + 1}/${rounds} ${contender} (load ${load.load1m}): ${Math.round(r.wallMs)} ms`);
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    } finally {
      await sandbox.close();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Per round, bare / contender: the ratio `npm run bench` reports, paired under one moment's load. */
const summary = parts.flatMap((part) => {
  const ofPart = runs.filter((r) => r.part === part);
  const contenders = [...new Set(ofPart.map((r) => r.contender))].filter((c) => c !== 'bare');
  return contenders.map((contender) => {
    const pairs = Array.from({ length: rounds }, (_, round) => {
      const bare = ofPart.find((r) => r.round === round && r.contender === 'bare');
      const it = ofPart.find((r) => r.round === round && r.contender === contender);
      return bare && it
        ? {
            ratio: bare.wallMs / it.wallMs,
            cpuRatio: bare.cpuMs / it.cpuMs,
            load: it.load,
            loaded: bare.load.loaded || it.load.loaded,
          }
        : null;
    }).filter((p) => p !== null);
    return {
      part,
      contender,
      ratios: pairs.map((p) => Math.round(p.ratio * 1000) / 1000),
      median: median(pairs.map((p) => p.ratio)),
      cpuMedian: median(pairs.map((p) => p.cpuRatio)),
      loads: pairs.map((p) => p.load.load1m),
      loaded: pairs.map((p) => p.loaded),
    };
  });
});

process.stdout.write(
  '\n| Part | Contender | Ratio to the bare client (median, each pair) | CPU-time ratio | Load at start |\n',
);
process.stdout.write(
  '| ---- | --------- | -------------------------------------------- | -------------- | ------------- |\n',
);
for (const s of summary) {
  const each = s.ratios.map((r, i) => (s.loaded[i] ? `${ratioText(r)} loaded` : ratioText(r))).join(', ');
  const loads = `${Math.min(...s.loads)} to ${Math.max(...s.loads)}`;
  process.stdout.write(
    `| ${s.part} | ${s.contender} | ${ratioText(s.median)} (${each}) | ${ratioText(s.cpuMedian)} | ${loads} |\n`,
  );
}
mkdirSync(BENCH_OUT, { recursive: true });
writeFileSync(
  join(BENCH_OUT, 'ceiling.json'),
  `${JSON.stringify({ at: new Date().toISOString(), runs, summary }, null, 2)}\n`,
);
