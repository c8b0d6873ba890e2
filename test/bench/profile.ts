// Where Outpost's time goes in the push and the pull (`npm run build && npx tsx
// test/bench/profile.ts`): one push of 1,000 drafted posts and one pull of 10,000 posts, by
// Outpost and by the bare client, each in a fresh process with a V8 CPU profile. Prints, per
// push op and per pulled post, the microseconds of each kind of work for both and Outpost's
// extra (lib/profile-summary.ts). Not part of `npm run bench`: profiling slows what it measures.
//   BENCH_PROFILE_POSTS=10000 (pull)  BENCH_PROFILE_DRAFTS=1000 (push)
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { V8_MEMORY_FLAGS } from '../../src-main/shared/v8-memory';
import { bundleEntry } from './lib/bundle';
import { runChild } from './lib/fork';
import { loadNow } from './lib/load';
import { summarizeProfile, type CpuProfile, type ProfileSummary } from './lib/profile-summary';
import { startSandboxProcess } from './lib/sandbox-process';
import { seedSandboxFile } from './lib/seed';
import type { PullChildResult } from './pull-child';
import type { PushChildResult } from './push-child';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const pullPosts = Number(process.env.BENCH_PROFILE_POSTS ?? 10_000);
const pushDrafts = Number(process.env.BENCH_PROFILE_DRAFTS ?? 1_000);
const work = mkdtempSync(join(tmpdir(), 'outpost-profile-'));
const children = {
  pull: await bundleEntry(join(HERE, 'pull-child.ts')),
  push: await bundleEntry(join(HERE, 'push-child.ts')),
};

/**
 * The functions that mark each run's measured phase (see lib/profile-summary.ts): the push's
 * per-post run and the op machine's turns, which the continuations after each await run in.
 * The bundler may number a name (`send2`) that another module also uses.
 */
const WINDOWS = {
  push: { outpost: /^(#runPost|opTurn)$/, bare: /^barePush$|^send\d*$/ },
  pull: { outpost: /^(pullWorkspace|mergeVariantsOfPosts)$/, bare: /^barePull$|^send\d*$/ },
};
const ms = (value: number | undefined): string => `${Math.round(value ?? 0)} ms`;

const profiled = (dir: string): string[] => [
  ...V8_MEMORY_FLAGS,
  '--cpu-prof',
  `--cpu-prof-dir=${dir}`,
  '--cpu-prof-interval=250',
];
/** The child answers before it exits, and V8 writes the profile at exit: waits for it. */
async function readProfile(dir: string): Promise<CpuProfile> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const file = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.cpuprofile')) : undefined;
    if (file !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, 500)); // the write may still be going on
      return JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no CPU profile was written to ${dir}`);
}

/** Outpost beside the bare client, kind by kind, per item (push op or pulled post). */
function print(
  title: string,
  runs: { outpost: ProfileSummary; bare: ProfileSummary },
  items: number,
  unit: string,
): void {
  const perItem = (s: ProfileSummary, kind: string): number =>
    ((s.byKind.find((k) => k.kind === kind)?.ms ?? 0) * 1000) / items;
  const kinds = [...new Set([...runs.outpost.byKind, ...runs.bare.byKind].map((k) => k.kind))];
  const sum = (s: ProfileSummary): number => s.byKind.reduce((a, k) => a + k.ms, 0);
  process.stdout.write(
    `\n${title}: profiled windows Outpost ${Math.round(runs.outpost.windowMs)} ms, bare ${Math.round(runs.bare.windowMs)} ms; ${items} ${unit}s\n\n`,
  );
  process.stdout.write(
    `| Work, per ${unit} | Outpost | Bare client | Outpost's extra |\n| --- | --- | --- | --- |\n`,
  );
  for (const kind of kinds) {
    const o = perItem(runs.outpost, kind);
    const b = perItem(runs.bare, kind);
    process.stdout.write(
      `| ${kind} | ${Math.round(o)} µs | ${Math.round(b)} µs | ${Math.round(o - b)} µs |\n`,
    );
  }
  const o = (sum(runs.outpost) * 1000) / items;
  const b = (sum(runs.bare) * 1000) / items;
  process.stdout.write(`| all | ${Math.round(o)} µs | ${Math.round(b)} µs | ${Math.round(o - b)} µs |\n`);
}

process.stdout.write(`load at start: ${loadNow().load1m}\n`);

// Push: a fresh service per run, as in the bench.
const pushCpu: Record<string, number> = {};
const pushProfiles: Partial<Record<'bare' | 'outpost', ProfileSummary>> = {};
let pushOps = 0;
for (const mode of ['bare', 'outpost'] as const) {
  const seed = seedSandboxFile(join(work, `push-${mode}.db`), { posts: 0, variantsPerPost: 0 });
  const sandbox = await startSandboxProcess(seed.file);
  const profDir = join(work, `prof-push-${mode}`);
  try {
    const r = await runChild<PushChildResult>(
      children.push,
      {
        BENCH_PUSH_INPUT: JSON.stringify({
          mode,
          baseUrl: sandbox.baseUrl,
          token: sandbox.token,
          dataDir: join(work, `push-data-${mode}`),
          posts: pushDrafts,
          concurrency: 4,
        }),
      },
      profiled(profDir),
    );
    pushCpu[mode] = r.cpuMs;
    pushOps = r.requests;
    pushProfiles[mode] = summarizeProfile(await readProfile(profDir), WINDOWS.push[mode]);
  } finally {
    await sandbox.close();
  }
}
print('Push', pushProfiles as Record<'bare' | 'outpost', ProfileSummary>, pushOps, 'op');
process.stdout.write(`\nCPU time (profiled): Outpost ${ms(pushCpu.outpost)}, bare ${ms(pushCpu.bare)}\n`);

const seed = seedSandboxFile(join(work, 'pull.db'), { posts: pullPosts, variantsPerPost: 2 });
const sandbox = await startSandboxProcess(seed.file);
try {
  const pullCpu: Record<string, number> = {};
  const pullProfiles: Partial<Record<'bare' | 'outpost', ProfileSummary>> = {};
  let pulledPosts = 0;
  for (const mode of ['bare', 'outpost'] as const) {
    await sandbox.reset();
    const profDir = join(work, `prof-pull-${mode}`);
    const r = await runChild<PullChildResult>(
      children.pull,
      {
        BENCH_PULL_INPUT: JSON.stringify({
          mode,
          baseUrl: sandbox.baseUrl,
          token: sandbox.token,
          dataDir: join(work, `pull-data-${mode}`),
          concurrency: 4,
          edits: 0,
        }),
      },
      profiled(profDir),
    );
    pullCpu[mode] = r.cpuMs;
    pulledPosts = Math.max(pulledPosts, r.posts);
    pullProfiles[mode] = summarizeProfile(await readProfile(profDir), WINDOWS.pull[mode]);
  }
  print('Pull', pullProfiles as Record<'bare' | 'outpost', ProfileSummary>, pulledPosts, 'post');
  process.stdout.write(`\nCPU time (profiled): Outpost ${ms(pullCpu.outpost)}, bare ${ms(pullCpu.bare)}\n`);
} finally {
  await sandbox.close();
}
