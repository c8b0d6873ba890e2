// One pull of the whole service into an empty database, in a fresh process so its resident
// size is the core's alone. Mode `outpost` then also times the first screenful of the list and
// local edits on the database it just filled; mode `bare` is the limit. Reports one JSON
// message to the parent.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { setImmediate as yieldMacrotask } from 'node:timers/promises';
import { LIST_PAGE_SIZES, type VariantView, type PostSummary } from '@preload/bridge';
import { bareClient, barePull, draftsFor } from './lib/bare-client';
import { answerParent } from './lib/fork';
import { watchMemoryTimeline, watchPeakRss, type MemorySample } from './lib/memory';
import { draftLocally, openBenchCore } from './lib/outpost-core';
import {
  attributePauses,
  attributeWaits,
  mainThreadClock,
  type EditClock,
  type GcPause,
  type PauseAttribution,
  type WaitAttribution,
} from './lib/pauses';
import { applyV8MemorySettings } from '../../src-main/shared/v8-memory';

export interface PullChildInput {
  /** Start with the app's V8 memory settings (src-main/shared/v8-memory.ts), as its hosts do; default true. */
  appV8?: boolean;
  mode: 'outpost' | 'bare';
  baseUrl: string;
  token: string;
  dataDir: string;
  concurrency: number;
  /** Local edits to time after the pull (outpost mode). */
  edits: number;
  /** Watch the resident size settle this long once the pull is over (outpost mode; 0: not). */
  settleMs?: number;
  /** Times posts.list's first screenful this often after the pull (outpost mode). */
  firstLists?: number;
  /** Samples the process's memory this often over the pull (outpost mode; 0 or absent: not). */
  timelineMs?: number;
  /**
   * After the edits, drafts this many new posts (2 variants each) into the pulled library and
   * times the sync that sends them (outpost mode; 0 or absent: not). Its work per draft must not
   * grow with the library.
   */
  pushDrafts?: number;
}

export interface PullChildResult {
  mode: 'outpost' | 'bare';
  wallMs: number;
  clientRequests: number;
  posts: number;
  variants: number;
  /** Resident size right at the end of the pull. */
  rssBytes: number;
  /** The highest resident size from the start of the pull to its end (VmHWM on Linux). */
  peakRssBytes: number;
  /** The highest of the 50 ms samples over the same span (a cross-check of the above). */
  sampledPeakRssBytes: number;
  peakSource: 'VmHWM' | 'sampled';
  /** V8's heap size (used and reserved) and off-heap memory at the end of the pull. */
  heapTotalBytes: number;
  externalBytes: number;
  /** The database folder's SQLite files once the core is closed (outpost mode). */
  dbBytes?: number;
  /** posts.list with the first screenful's limit, as the window asks first (outpost mode). */
  firstListMs?: number[];
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
  /** The garbage collections under the first edits and the typing over 1 ms. */
  editFirstPauses?: PauseAttribution;
  editRepeatPauses?: PauseAttribution;
  /** Where the main thread was during the slow first edits and keystrokes (Linux). */
  editFirstWaits?: WaitAttribution | null;
  editRepeatWaits?: WaitAttribution | null;
  /** The sync (a light one, as after drafting) that sent `pushDrafts` new posts, and its requests. */
  pushDraftsMs?: number;
  pushDraftsRequests?: number;
  /** Requests of a second full pull with nothing changed: what every later full pull costs. */
  steadyFullPullRequests?: number;
  phase?: string;
  /** The memory samples over the pull, each with the request the core sent last (`timelineMs`). */
  memoryTimeline?: MemorySample[];
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

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

/** Records the process's garbage collections until `stop` (which lets pending entries arrive). */
function watchGc(): { stop(): Promise<GcPause[]> } {
  const pauses: GcPause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind ?? -1;
      pauses.push({ start: e.startTime, durationMs: e.duration, kind: GC_KINDS[kind] ?? 'other' });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    async stop() {
      await yieldMacrotask();
      observer.disconnect();
      return pauses;
    },
  };
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function runOutpost(input: PullChildInput): Promise<PullChildResult> {
  if (input.appV8 !== false) applyV8MemorySettings();
  const bench = await openBenchCore({
    dataDir: input.dataDir,
    concurrency: input.concurrency,
    recordRequests: false,
  });
  const peak = watchPeakRss();
  const timeline = input.timelineMs ? watchMemoryTimeline(input.timelineMs, () => bench.lastPath()) : null;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await bench.call('settings.connect', { baseUrl: input.baseUrl, token: input.token, authHeader: 'bearer' });
  const status = await bench.core.syncNow('user');
  const wallMs = performance.now() - t0;
  const cpuMs = cpuSince(cpu0);
  const memory = process.memoryUsage();
  const peaks = peak.stop();
  const memoryTimeline = timeline?.stop();
  if (status.lastError) throw new Error(`the pull failed: ${status.lastError}`);
  // Nothing changed since: this full pull reads the post pages and the rotation's share only.
  const requestsBefore = bench.sent();
  await bench.core.syncNow('user');
  const steadyFullPullRequests = bench.sent() - requestsBefore;
  // V8 gives back the heap the pull grew into only once the process has been quiet a while.
  const rssSettledBytes = input.settleMs ? await settledRss(input.settleMs) : undefined;

  const firstListMs: number[] = [];
  for (let i = 0; i < (input.firstLists ?? 0); i++) {
    const s = performance.now();
    await bench.call('posts.list', { workspace: 'acme', limit: LIST_PAGE_SIZES.firstScreenful });
    firstListMs.push(performance.now() - s);
    await yieldMacrotask();
  }
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
    peakRssBytes: peaks.peakBytes,
    sampledPeakRssBytes: peaks.sampledPeakBytes,
    peakSource: peaks.source,
    ...(rssSettledBytes !== undefined ? { rssSettledBytes } : {}),
    heapUsedBytes: memory.heapUsed,
    heapTotalBytes: memory.heapTotal,
    externalBytes: memory.external,
    firstListMs,
    steadyFullPullRequests,
    phase: status.phase,
    ...(memoryTimeline ? { memoryTimeline } : {}),
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
    /** One timed edit, with the clocks that say where its time went. */
    const timedEdit = async (id: string, content: string): Promise<EditClock> => {
      const before = mainThreadClock();
      const c = process.cpuUsage();
      const start = performance.now();
      await bench.call('variants.update', { id, content });
      const end = performance.now();
      const processCpuMs = cpuSince(c);
      return { start, end, processCpuMs, before, after: mainThreadClock() };
    };
    const firstClocks: EditClock[] = [];
    const gc = watchGc();
    for (const [i, id] of targets.entries()) {
      firstClocks.push(await timedEdit(id, `Edited in the bench, round ${i}.`));
      await yieldMacrotask();
    }
    const repeatClocks: EditClock[] = [];
    const one = targets[0];
    let text = 'Typing';
    for (let i = 0; one !== undefined && i < input.edits; i++) {
      text += String.fromCharCode(97 + (i % 26));
      repeatClocks.push(await timedEdit(one, text));
      await yieldMacrotask();
    }
    const pauses = await gc.stop();
    const wall = (e: EditClock): number => e.end - e.start;
    result.editFirstMs = firstClocks.map(wall);
    result.editRepeatMs = repeatClocks.map(wall);
    result.editFirstCpuMs = firstClocks.map((e) => e.processCpuMs);
    result.editFirstPauses = attributePauses(firstClocks, pauses);
    result.editRepeatPauses = attributePauses(repeatClocks, pauses);
    result.editFirstWaits = attributeWaits(firstClocks);
    result.editRepeatWaits = attributeWaits(repeatClocks);
  }
  if ((input.pushDrafts ?? 0) > 0) {
    await draftLocally(bench, 'acme', draftsFor(input.pushDrafts ?? 0));
    const sent = bench.sent();
    const start = performance.now();
    const pushed = await bench.core.syncNow('local change');
    result.pushDraftsMs = performance.now() - start;
    result.pushDraftsRequests = bench.sent() - sent;
    if (pushed.pending !== 0 || pushed.failed !== 0)
      throw new Error(`the drafts' push left ${pushed.pending} pending and ${pushed.failed} failed`);
  }
  // The window of the rendering benchmark opens on this workspace.
  await bench.call('workspaces.select', { slug: 'acme' });
  await bench.core.close();
  result.dbBytes = sqliteBytes(input.dataDir);
  return result;
}

async function runBare(input: PullChildInput): Promise<PullChildResult> {
  const client = bareClient(input.baseUrl, input.token);
  const peak = watchPeakRss();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const counts = await barePull(client, input.concurrency);
  const wallMs = performance.now() - t0;
  const cpuMs = cpuSince(cpu0);
  const memory = process.memoryUsage();
  const peaks = peak.stop();
  return {
    mode: 'bare',
    wallMs,
    cpuMs,
    clientRequests: client.requests,
    posts: counts.posts,
    variants: counts.variants,
    rssBytes: memory.rss,
    peakRssBytes: peaks.peakBytes,
    sampledPeakRssBytes: peaks.sampledPeakBytes,
    peakSource: peaks.source,
    heapUsedBytes: memory.heapUsed,
    heapTotalBytes: memory.heapTotal,
    externalBytes: memory.external,
  };
}

/** The SQLite files (database, log, shared memory) in the data folder, in bytes. */
function sqliteBytes(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    if (/\.(db|sqlite)(-wal|-shm)?$/.test(name)) total += statSync(join(dir, name)).size;
  }
  return total;
}

const input = JSON.parse(process.env.BENCH_PULL_INPUT ?? '{}') as PullChildInput;
await answerParent(() => (input.mode === 'bare' ? runBare(input) : runOutpost(input)));
