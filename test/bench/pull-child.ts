// One pull of the whole service into an empty database, in a fresh process so its resident
// size is the core's alone. Mode `outpost` then also times local edits on the 10,000-post
// database it just filled; mode `bare` is the limit. Reports one JSON message to the parent.
import { setImmediate as yieldMacrotask } from 'node:timers/promises';
import type { VariantView, PostSummary } from '../../src-preload/bridge';
import { bareClient, barePull } from './lib/bare-client';
import { openBenchCore } from './lib/outpost-core';

export interface PullChildInput {
  mode: 'outpost' | 'bare';
  baseUrl: string;
  token: string;
  dataDir: string;
  concurrency: number;
  /** Local edits to time after the pull (outpost mode). */
  edits: number;
  /** Also watch the resident size settle once the pull is over (outpost mode; takes ~20 s). */
  settle?: boolean;
}

export interface PullChildResult {
  mode: 'outpost' | 'bare';
  wallMs: number;
  clientRequests: number;
  posts: number;
  variants: number;
  /** Resident size right at the end of the pull. */
  rssBytes: number;
  /** The lowest resident size seen while idle in the 30 s after the pull (when `settle`). */
  rssSettledBytes?: number;
  heapUsedBytes: number;
  /** CPU time the process spent on the pull (user + system): its own work, whatever the load. */
  cpuMs: number;
  /** Per-edit latency of `variants.update`, first edit of each variant (new outbox op). */
  editFirstMs?: number[];
  /**
   * CPU time of the process during each first edit: on a loaded machine the wall-clock tail
   * is mostly time spent waiting for a core, which this leaves out.
   */
  editFirstCpuMs?: number[];
  /** Per-edit latency of `variants.update`, repeated edits of one variant (typing). */
  editRepeatMs?: number[];
  /** Requests of a second full pull with nothing changed: what every later full pull costs. */
  steadyFullPullRequests?: number;
  phase?: string;
}

/** The lowest resident size over `ms` of idling, sampled each second. */
async function settledRss(ms: number): Promise<number> {
  let lowest = process.memoryUsage().rss;
  for (let waited = 0; waited < ms; waited += 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    lowest = Math.min(lowest, process.memoryUsage().rss);
  }
  return lowest;
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function runOutpost(input: PullChildInput): Promise<PullChildResult> {
  const bench = await openBenchCore({ dataDir: input.dataDir, concurrency: input.concurrency });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await bench.call('settings.connect', { baseUrl: input.baseUrl, token: input.token, authHeader: 'bearer' });
  const status = await bench.core.syncNow('bench: join the connect sync');
  const wallMs = performance.now() - t0;
  const cpuMs = cpuSince(cpu0);
  const memory = process.memoryUsage();
  // Nothing changed since: this full pull reads the post pages and the rotation's share only.
  const requestsBefore = bench.requests.length;
  await bench.core.syncNow('bench: a later full pull');
  const steadyFullPullRequests = bench.requests.length - requestsBefore;
  // V8 gives back the heap the pull grew into only once the process has been quiet a while.
  const rssSettledBytes = input.settle ? await settledRss(30_000) : undefined;

  const list = await bench.call<PostSummary[]>('posts.list', { workspace: 'acme' });
  let variants = 0;
  const result: PullChildResult = {
    mode: 'outpost',
    wallMs,
    cpuMs,
    clientRequests: requestsBefore,
    posts: list.length,
    variants: 0,
    rssBytes: memory.rss,
    ...(rssSettledBytes !== undefined ? { rssSettledBytes } : {}),
    heapUsedBytes: memory.heapUsed,
    steadyFullPullRequests,
    phase: status.phase,
  };
  for (const p of list) variants += p.platforms.length;
  result.variants = variants;

  if (input.edits > 0) {
    // Edits spread over the list, the way a user opens one post after another.
    const step = Math.max(1, Math.floor(list.length / input.edits));
    const targets: string[] = [];
    for (let i = 0; i < list.length && targets.length < input.edits; i += step) {
      const detail = await bench.call<{ variants: VariantView[] }>('posts.get', { id: list[i]?.id });
      const v = detail.variants.find((x) => x.state !== 'published');
      if (v) targets.push(v.id);
    }
    const first: number[] = [];
    const cpu: number[] = [];
    for (const [i, id] of targets.entries()) {
      const c = process.cpuUsage();
      const s = performance.now();
      await bench.call('variants.update', { id, content: `Edited in the bench, round ${i}.` });
      first.push(performance.now() - s);
      cpu.push(cpuSince(c));
      await yieldMacrotask();
    }
    const repeat: number[] = [];
    const one = targets[0];
    let text = 'Typing';
    for (let i = 0; one !== undefined && i < input.edits; i++) {
      text += String.fromCharCode(97 + (i % 26));
      const s = performance.now();
      await bench.call('variants.update', { id: one, content: text });
      repeat.push(performance.now() - s);
      await yieldMacrotask();
    }
    result.editFirstMs = first;
    result.editRepeatMs = repeat;
    result.editFirstCpuMs = cpu;
  }
  // The window of the rendering benchmark opens on this workspace.
  await bench.call('workspaces.select', { slug: 'acme' });
  await bench.core.close();
  return result;
}

async function runBare(input: PullChildInput): Promise<PullChildResult> {
  const client = bareClient(input.baseUrl, input.token);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const counts = await barePull(client, input.concurrency);
  const wallMs = performance.now() - t0;
  const cpuMs = cpuSince(cpu0);
  const memory = process.memoryUsage();
  return {
    mode: 'bare',
    wallMs,
    cpuMs,
    clientRequests: client.requests,
    posts: counts.posts,
    variants: counts.variants,
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
  };
}

const input = JSON.parse(process.env.BENCH_PULL_INPUT ?? '{}') as PullChildInput;
// The core's own timers are unref'd; this keeps the process up until the answer is sent.
const keepAlive = setInterval(() => undefined, 1_000);
try {
  const result = input.mode === 'bare' ? await runBare(input) : await runOutpost(input);
  process.send?.({ ok: true, result });
} catch (error) {
  process.send?.({
    ok: false,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
clearInterval(keepAlive);
process.disconnect?.();
