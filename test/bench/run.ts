// `npm run bench` (after `npm run build`): every benchmark in one run, each
// beside its goal and, where there is one, beside the limit (a bare HTTP client doing the same
// work). Prints Markdown tables, writes bench-results.json at the repository root and draws the
// growth plot (docs/bench-growth.svg).
//
// BENCH_QUICK=1 runs everything at small sizes (for working on the bench itself); its figures
// are not comparable with the goals and the table says so. BENCH_REPEATS=N changes how many
// pairs of pull and push runs are taken (default 3). BENCH_ONLY=growth (or any of pull, push,
// idle, render, calendar, queue, bulk, import, growth, find, safekeeping, posting-times, long-texts,
// file-size, keystrokes, window-pull, comma-separated) runs only
// those parts;
// bench-results.json keeps the other parts of its previous run. Measured Outpost processes apply the app's V8 memory settings
// (src-main/shared/v8-memory.ts) as its hosts do; BENCH_APP_V8=0 leaves them out (to measure their
// effect) and BENCH_OUTPOST_FLAGS adds Node/V8 flags (trials). BENCH_WIRE=here has the in-process
// core send its requests from its own thread instead of the wire's (lib/outpost-core.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROTATION_PER_PULL } from '../../src-main/core/sync/pull';
import { REREADS_PER_MINUTE } from '../../src-main/core/sync/reread';
import type { IdleChildResult } from './idle-child';
import type { PullChildResult } from './pull-child';
import type { PushChildResult } from './push-child';
import { BENCH_OUT, bundleEntry } from './lib/bundle';
import { runChild } from './lib/fork';
import {
  GROWTH_TOLERANCE,
  growsNoFasterThanPosts,
  growthExponent,
  growthSvg,
  perPost,
  type GrowthMetric,
} from './lib/growth';
import { capacity, type Capacity } from './lib/capacity';
import { describePairs, loadNow, pairedRatio, ratioText, type LoadSample, type Pair } from './lib/load';
import { machineInfo } from './lib/machine';
import { V8_MEMORY_FLAGS } from '../../src-main/shared/v8-memory';
import { markdownTable, ms, type Row } from './lib/report';
import { pausesText, waitsText, type PauseAttribution, type WaitAttribution } from './lib/pauses';
import { startSandboxProcess } from './lib/sandbox-process';
import { seedSandboxFile } from './lib/seed';
import { median, round, roundSummary, summarize } from './lib/stats';
import { benchRender, benchStartup } from './render';
import { benchCalendarMonth } from './calendar';
import { calendarMonthRow, growthCalendarRuns } from './lib/calendar-row';
import { benchAddToQueue } from './add-to-queue';
import { addToQueueRow } from './lib/queue-row';
import { benchBulkReschedule } from './bulk';
import { bulkRescheduleRow } from './lib/bulk-row';
import { benchImport } from './import';
import { importRow } from './lib/import-row';
import { benchFind } from './find';
import { findTable, searchRows, slowestSearchFirstScreenful, type FindResult } from './lib/find-rows';
import { benchSafekeeping } from './safekeeping';
import { safekeepingRows } from './lib/safekeeping-rows';
import { benchPostingTimesApart } from './posting-times';
import { postingTimesRow } from './lib/posting-times-row';
import { benchLongTextsApart } from './long-texts';
import { longTextsRow } from './lib/long-texts-row';
import { benchFileSize } from './file-size';
import { fileSizeRow } from './lib/file-size-row';
import { benchKeystrokes } from './keystrokes';
import { benchWindowPull } from './window-pull';
import { windowPullRow } from './lib/window-pull-row';
import { keystrokeFigures, keystrokeRows } from './lib/keystroke-rows';
import { LIST_PAGE_SIZES } from '@preload/bridge';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HERE = fileURLToPath(new URL('./', import.meta.url));
const quick = process.env.BENCH_QUICK === '1';
const envSizes = (name: string): number[] | undefined => {
  const sizes = (process.env[name] ?? '')
    .split(',')
    .filter((s) => s.trim() !== '')
    .map(Number);
  return sizes.length > 0 && sizes.every((n) => Number.isInteger(n) && n > 0) ? sizes : undefined;
};
const envInt = (name: string): number | undefined => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

const SECTIONS = [
  'pull',
  'push',
  'idle',
  'render',
  'calendar',
  'queue',
  'bulk',
  'import',
  'growth',
  'find',
  'safekeeping',
  'posting-times',
  'long-texts',
  'file-size',
  'keystrokes',
  'window-pull',
] as const;
type Section = (typeof SECTIONS)[number];
const asked = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter((s) => s !== '');
for (const part of asked) {
  if (!(SECTIONS as readonly string[]).includes(part))
    throw new Error(`BENCH_ONLY: no part "${part}" (parts: ${SECTIONS.join(', ')})`);
}
const selected = new Set<Section>(asked.length > 0 ? (asked as Section[]) : SECTIONS);
// The rendering runs on the data folder the pull filled.
if (selected.has('render')) selected.add('pull');

const outpostFlags = (process.env.BENCH_OUTPOST_FLAGS ?? '').split(/\s+/).filter((f) => f !== '');
const appV8 = process.env.BENCH_APP_V8 !== '0';

const config = {
  quick,
  parts: [...selected],
  outpostFlags,
  appV8Flags: appV8 ? V8_MEMORY_FLAGS : [],
  pullPosts: quick ? 300 : 10_000,
  pullRepeats: envInt('BENCH_REPEATS') ?? 3,
  pushPosts: quick ? 100 : 1_000,
  pushRepeats: envInt('BENCH_REPEATS') ?? 3,
  variantsPerPost: 2,
  concurrency: 4,
  edits: quick ? 60 : 300,
  /** How long the first Outpost pull watches its resident size settle afterwards. */
  settleMs: quick ? 0 : 30_000,
  firstLists: quick ? 10 : 30,
  growthSizes:
    envSizes('BENCH_GROWTH_SIZES') ?? (quick ? [100, 300, 1_000] : [1_000, 10_000, 50_000, 100_000]),
  growthEdits: quick ? 40 : 200,
  /** New posts drafted into each growth size's pulled library, then sent by one sync. */
  growthPushDrafts: quick ? 20 : 100,
  /** Start-ups of the browser host on each growth size's pulled folder. */
  growthStartups: quick ? 2 : 3,
  /** Timed calls per search at each growth size (find's search cases, on a folder it seeds). */
  growthSearchRuns: quick ? 3 : 7,
  /** The calendar month: library size and month openings timed. */
  calendarPosts: quick ? 1_000 : 50_000,
  calendarRuns: quick ? 3 : 8,
  /** Add to queue: posts already planned, drafts queued at once, runs timed. */
  queueLibrary: quick ? 1_000 : 10_000,
  queueDrafts: 500,
  queueRuns: quick ? 3 : 7,
  /** The bulk reschedule: variants rescheduled at once, and runs timed. */
  bulkVariants: quick ? 200 : 1_000,
  bulkRuns: quick ? 2 : 5,
  /** The import: rows read, checked and made at once, and runs timed. */
  importRows: quick ? 1_000 : 5_000,
  importRuns: quick ? 2 : 5,
  /** Month openings per growth size (at most 3 at 50,000 posts). */
  growthCalendarRuns: quick ? 2 : 5,
  /** The find part: library sizes, and timed posts.list calls per case and shape. */
  findSizes: quick ? [1_000, 5_000] : [10_000, 50_000],
  findRuns: quick ? 5 : 15,
  /** The quick check at start and an edit's wait while a copy is made: library size. */
  safekeepingPosts: quick ? 1_000 : 50_000,
  /** Readings of each long posting-times line (1 MB lines and a 120,000-character one). */
  postingTimesRuns: quick ? 2 : 5,
  /** Length checks of each 100,000-character text. */
  longTextRuns: quick ? 2 : 5,
  /** The file size: posts pulled into an empty folder, beside the service's own file. */
  fileSizePosts: envSizes('BENCH_FILE_SIZES') ?? (quick ? [1_000, 3_000] : [10_000, 50_000]),
  /** Keystrokes during a first pull: library sizes, and the time from one keystroke to the next. */
  keystrokeSizes: envSizes('BENCH_KEYSTROKE_SIZES') ?? (quick ? [1_000, 3_000] : [10_000, 50_000]),
  keystrokeIntervalMs: 30,
  /** A first pull with the window open on the list: library sizes. */
  windowPullSizes: envSizes('BENCH_WINDOW_PULL_SIZES') ?? (quick ? [1_000, 3_000] : [10_000, 50_000]),
  idlePosts: 35,
  idleScheduled: 50,
  idleNeedsApproval: 20,
  /** Variants due in the next 7 days for the idle run with a window open. */
  idleWeekScheduled: 300,
  idleMinutes: 60,
  startups: quick ? 2 : 5,
  reloads: quick ? 2 : 5,
  smoothFrames: quick ? 60 : 240,
  jumpFrames: quick ? 30 : 120,
  /** Requests Outpost may send beyond the bare minimum in a pull (connect's own check, etc.). */
  pullRequestAllowance: 10,
  /** What we call a modest idle cost: on average one request every two seconds at most. */
  idleModestPerMinute: 30,
  /** Resident size goal of the core process, during and after the 10,000-post pull. */
  rssGoalMB: 200,
};

const log = (message: string): void => {
  process.stderr.write(`bench: ${message}\n`);
};
const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;
const cpuRatioText = (r: number | null): string => (r === null ? 'n/a' : ratioText(r));
const loadText = (l: LoadSample): string => `load ${l.load1m}${l.loaded ? ' (loaded)' : ''}`;

const work = mkdtempSync(join(tmpdir(), 'outpost-bench-'));
const started = Date.now();
const machine = machineInfo();
log(
  `machine: ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage1mAtStart}; parts: ${[...selected].join(', ')}; Outpost V8 settings: ${[...config.appV8Flags, ...outpostFlags].join(' ') || 'none'}; work dir ${work}`,
);

const children = {
  pull: await bundleEntry(join(HERE, 'pull-child.ts')),
  push: await bundleEntry(join(HERE, 'push-child.ts')),
  idle: await bundleEntry(join(HERE, 'idle-child.ts')),
};

interface SectionResult {
  ranAt: string;
  loadAtStart: LoadSample;
  rows: Row[];
  figures: Record<string, unknown>;
}
const sections: Partial<Record<Section, SectionResult>> = {};
const beginSection = (): { ranAt: string; loadAtStart: LoadSample } => ({
  ranAt: new Date().toISOString(),
  loadAtStart: loadNow(),
});

interface PullRun extends PullChildResult {
  serverRequests: number;
  /** The service's CPU time over the child's life (the bare client's child only pulls). */
  serviceCpuMs: number;
  load: LoadSample;
}

/** One pull in a fresh process, on a service whose request count was just reset. */
async function pullOnce(
  sandbox: Awaited<ReturnType<typeof startSandboxProcess>>,
  input: {
    mode: 'bare' | 'outpost';
    dataDir: string;
    edits: number;
    settleMs: number;
    firstLists: number;
    pushDrafts?: number;
  },
): Promise<PullRun> {
  const load = loadNow();
  await sandbox.reset();
  const serviceCpuBefore = (await sandbox.stats()).cpuMs;
  const result = await runChild<PullChildResult>(
    children.pull,
    {
      BENCH_PULL_INPUT: JSON.stringify({
        ...input,
        baseUrl: sandbox.baseUrl,
        token: sandbox.token,
        concurrency: config.concurrency,
        appV8,
      }),
    },
    input.mode === 'outpost' ? outpostFlags : [],
  );
  // The service counted the child's later steady full pull and the drafts' push too; the pull
  // is what came before.
  const after = await sandbox.stats();
  const serverRequests =
    after.requests - (result.steadyFullPullRequests ?? 0) - (result.pushDraftsRequests ?? 0);
  return { ...result, serverRequests, serviceCpuMs: after.cpuMs - serviceCpuBefore, load };
}

/** A pair's capacity, with the service's CPU time during its bare run beside it. */
type PairCapacity = Capacity & { serviceCpuMs: number };

function pairCapacity(
  bare: { wallMs: number; cpuMs: number; serviceCpuMs: number },
  outpostCpuMs: number,
): PairCapacity {
  return { ...capacity({ cores: machine.cores, bare, outpostCpuMs }), serviceCpuMs: bare.serviceCpuMs };
}

/** The pairs' capacity as medians: what the note says and the JSON keeps (null: no pair). */
function capacityMedians(
  runs: PairCapacity[],
): { serviceCpuMsBare: number; busyCoresBare: number; ratioCeiling: number } | null {
  if (runs.length === 0) return null;
  const median = (pick: (c: PairCapacity) => number): number => summarize(runs.map(pick)).median;
  return {
    serviceCpuMsBare: median((c) => c.serviceCpuMs),
    busyCoresBare: median((c) => c.busyCoresBare),
    ratioCeiling: median((c) => c.ratioCeiling),
  };
}

/** The capacity sentence of a ratio's note: how much of the machine the bare run used. */
function capacityText(runs: PairCapacity[]): string {
  const c = capacityMedians(runs);
  if (c === null) return '';
  const ceiling = c.ratioCeiling >= 1 ? '1 (the cores do not bind)' : c.ratioCeiling.toFixed(2);
  return ` The service's CPU time during the bare run: ${ms(c.serviceCpuMsBare)}; the bare client and the service kept ${c.busyCoresBare.toFixed(2)} of the ${machine.cores} cores busy. The CPU time of Outpost's run and the service's, spread over every core, allows a ratio of at most ${ceiling} (median of the pairs).`;
}

function capacityFigures(runs: PairCapacity[]): Record<string, number> | null {
  const c = capacityMedians(runs);
  return c === null
    ? null
    : {
        serviceCpuMsBare: round(c.serviceCpuMsBare),
        busyCoresBare: round(c.busyCoresBare),
        ratioCeiling: round(c.ratioCeiling),
      };
}

// --- pull, memory and local edits (one fresh process per pull) -------------------------------
const pulls: PullRun[] = [];
const pullPairs: Pair[] = [];
const pullCapacity: PairCapacity[] = [];
let renderDataDir = '';
if (selected.has('pull')) {
  const begun = beginSection();
  log(`pull: seeding ${config.pullPosts} posts x ${config.variantsPerPost} variants`);
  const pullSeed = seedSandboxFile(join(work, 'pull-service.db'), {
    posts: config.pullPosts,
    variantsPerPost: config.variantsPerPost,
  });
  const pullSandbox = await startSandboxProcess(pullSeed.file);
  try {
    for (let rep = 0; rep < config.pullRepeats; rep++) {
      // A pair: both runs back to back under the load measured at its start. Who goes first
      // alternates, so neither always meets a warmer service.
      const load = loadNow();
      const order: Array<'bare' | 'outpost'> = rep % 2 === 0 ? ['bare', 'outpost'] : ['outpost', 'bare'];
      const pair: Partial<Record<'bare' | 'outpost', PullRun>> = {};
      for (const mode of order) {
        const dataDir = join(work, `pull-${mode}-${rep}`);
        const result = await pullOnce(pullSandbox, {
          mode,
          dataDir,
          edits: mode === 'outpost' ? config.edits : 0,
          settleMs: mode === 'outpost' && rep === 0 ? config.settleMs : 0,
          firstLists: mode === 'outpost' ? config.firstLists : 0,
        });
        pulls.push(result);
        pair[mode] = result;
        log(
          `pull ${rep + 1}/${config.pullRepeats} ${mode} (${loadText(result.load)}): ${ms(result.wallMs)} (cpu ${ms(result.cpuMs)}), ${result.serverRequests} requests, peak rss ${mb(result.peakRssBytes)} MB, end ${mb(result.rssBytes)} MB`,
        );
        if (mode === 'outpost') {
          if (renderDataDir) rmSync(renderDataDir, { recursive: true, force: true });
          renderDataDir = dataDir;
        } else {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
      pullPairs.push({
        outpostMs: pair.outpost?.wallMs ?? NaN,
        bareMs: pair.bare?.wallMs ?? NaN,
        outpostCpuMs: pair.outpost?.cpuMs ?? NaN,
        bareCpuMs: pair.bare?.cpuMs ?? NaN,
        load,
      });
      if (pair.bare && pair.outpost) pullCapacity.push(pairCapacity(pair.bare, pair.outpost.cpuMs));
    }
  } finally {
    await pullSandbox.close();
  }

  const outpostPulls = pulls.filter((p) => p.mode === 'outpost');
  const barePulls = pulls.filter((p) => p.mode === 'bare');
  const pullOutpost = summarize(outpostPulls.map((p) => p.wallMs));
  const pullBare = summarize(barePulls.map((p) => p.wallMs));
  const pullRatio = pairedRatio(pullPairs);
  const pullOutpostCpu = summarize(outpostPulls.map((p) => p.cpuMs));
  const pullBareCpu = summarize(barePulls.map((p) => p.cpuMs));
  const pullRequestsOutpost = Math.max(...outpostPulls.map((p) => p.serverRequests));
  const pullRequestsMinimum = Math.min(...barePulls.map((p) => p.serverRequests));
  const rss = summarize(outpostPulls.map((p) => mb(p.rssBytes)));
  const peak = summarize(outpostPulls.map((p) => mb(p.peakRssBytes)));
  const settled = outpostPulls.flatMap((p) =>
    p.rssSettledBytes === undefined ? [] : [mb(p.rssSettledBytes)],
  );
  const settledRss = settled.length > 0 ? Math.min(...settled) : 'not measured';
  const editFirst = summarize(outpostPulls.flatMap((p) => p.editFirstMs ?? []));
  const editRepeat = summarize(outpostPulls.flatMap((p) => p.editRepeatMs ?? []));
  const editCpu = summarize(outpostPulls.flatMap((p) => p.editFirstCpuMs ?? []));
  // The goal holds in every run, not only over the runs pooled.
  const p99PerRun = (pick: (p: PullRun) => number[] | undefined): number[] =>
    outpostPulls.map((p) => summarize(pick(p) ?? []).p99);
  const editFirstRuns = p99PerRun((p) => p.editFirstMs);
  const editRepeatRuns = p99PerRun((p) => p.editRepeatMs);
  const runsText = (p99s: number[]): string => p99s.map((v) => ms(v)).join(', ');
  const pausesOfRuns = (pick: (p: PullRun) => PauseAttribution | undefined): string =>
    outpostPulls.map((p) => (pick(p) ? pausesText(pick(p) as PauseAttribution) : 'n/a')).join('; ');
  const waitsOfRuns = (pick: (p: PullRun) => WaitAttribution | null | undefined): string =>
    outpostPulls.map((p) => waitsText(pick(p))).join('; ');
  const firstList = summarize(outpostPulls.flatMap((p) => p.firstListMs ?? []));
  const n = config.pullPosts.toLocaleString('en-US');
  const pairsNote = `median of ${pullPairs.length} paired runs (Outpost and the bare client back to back, who goes first alternating); in brackets each pair's ratio, "loaded" when the 1-minute load average at its start exceeded the ${machine.cores} cores. CPU-time ratio: the median of bare / Outpost CPU time of the client processes, which waiting for a core does not inflate`;
  const sourceNote =
    outpostPulls[0]?.peakSource === 'VmHWM'
      ? 'the kernel high-water mark (VmHWM), reset when the pull starts, checked against 50 ms samples'
      : 'the highest of samples taken every 50 ms';
  const rows: Row[] = [
    {
      name: `Local edit, first edit of a variant (${n} posts)`,
      goal: 'p99 < 1 ms',
      figure: `${ms(editFirst.median)} / p99 ${ms(editFirst.p99)}`,
      met: editFirst.p99 < 1 && editFirstRuns.every((v) => v < 1),
      note: `variants.update through AppCore.invoke (zod, row + outbox op in one transaction, the view it answers); ${editFirst.n} edits over the list; p99 of each run: ${runsText(editFirstRuns)}; per run, ${pausesOfRuns((p) => p.editFirstPauses)}; where the main thread was during them (Linux scheduler counters): ${waitsOfRuns((p) => p.editFirstWaits)}. CPU time per edit (leaves out waiting for a core): ${ms(editCpu.median)} / p99 ${ms(editCpu.p99)}.`,
    },
    {
      name: `Local edit, typing in one variant (${n} posts)`,
      goal: 'p99 < 1 ms',
      figure: `${ms(editRepeat.median)} / p99 ${ms(editRepeat.p99)}`,
      met: editRepeat.p99 < 1 && editRepeatRuns.every((v) => v < 1),
      note: `Repeated edits of one variant collapse into its pending outbox op; p99 of each run: ${runsText(editRepeatRuns)}; per run, ${pausesOfRuns((p) => p.editRepeatPauses)}; where the main thread was: ${waitsOfRuns((p) => p.editRepeatWaits)}.`,
    },
    {
      name: `Pull ${n} posts x 2 variants, empty DB`,
      goal: '>= 0.85 of bare client',
      figure: `ratio ${describePairs(pullPairs)}; Outpost ${ms(pullOutpost.median)}, bare ${ms(pullBare.median)}; CPU-time ratio ${cpuRatioText(pullRatio.cpuMedian)}`,
      met: pullRatio.median >= 0.85,
      note: `Ratio: ${pairsNote}. From settings.connect to the end of the sync it starts (one variants list per post, concurrency ${config.concurrency}). CPU time of the client process: ${ms(pullOutpostCpu.median)} (bare ${ms(pullBareCpu.median)}).${capacityText(pullCapacity)}`,
    },
    {
      name: 'Pull requests',
      goal: `<= minimum + ${config.pullRequestAllowance}`,
      figure: `${pullRequestsOutpost} (minimum ${pullRequestsMinimum})`,
      met: pullRequestsOutpost <= pullRequestsMinimum + config.pullRequestAllowance,
      note: 'Counted by the service. Minimum: workspace list, per workspace profiles + posts pages of 100 + one variants list per post + skills pages.',
    },
    {
      name: `Memory: core RSS during and after the ${n}-post pull`,
      goal: `< ${config.rssGoalMB} MB (peak and end)`,
      figure: `peak ${peak.median} MB (max ${peak.max}); end ${rss.median} MB (max ${rss.max})`,
      met: peak.max < config.rssGoalMB && rss.max < config.rssGoalMB,
      note: `Of a process that did only the pull (bundled core, no tsx, V8 settings: ${[...config.appV8Flags, ...outpostFlags].join(' ') || 'none'}). Peak: ${sourceNote}; end: process.memoryUsage().rss right at the end of the pull. V8 heap at the end: ${summarize(outpostPulls.map((p) => mb(p.heapTotalBytes))).median} MB reserved, ${summarize(outpostPulls.map((p) => mb(p.heapUsedBytes))).median} MB used. Bare client process: peak ${summarize(barePulls.map((p) => mb(p.peakRssBytes))).median} MB. ${typeof settledRss === 'number' ? `Lowest size in the ${config.settleMs / 1000} s after the pull, once idle: ${settledRss} MB.` : ''}`,
    },
  ];
  sections.pull = {
    ...begun,
    rows,
    figures: {
      outpostMs: roundSummary(pullOutpost),
      bareMs: roundSummary(pullBare),
      ratio: {
        median: round(pullRatio.median),
        medianQuiet: pullRatio.medianQuiet === null ? null : round(pullRatio.medianQuiet),
        loadedPairs: pullRatio.loadedPairs,
        cpuMedian: pullRatio.cpuMedian === null ? null : round(pullRatio.cpuMedian),
      },
      pairs: pullPairs.map((p, i) => ({
        ratio: round(pullRatio.ratios[i] as number),
        outpostMs: round(p.outpostMs),
        bareMs: round(p.bareMs),
        outpostCpuMs: round(p.outpostCpuMs ?? NaN),
        bareCpuMs: round(p.bareCpuMs ?? NaN),
        load1m: p.load.load1m,
        loaded: p.load.loaded,
      })),
      requests: { outpost: pullRequestsOutpost, minimum: pullRequestsMinimum },
      capacity: capacityFigures(pullCapacity),
      memoryMB: { peak: roundSummary(peak), end: roundSummary(rss), settled: settledRss },
      localEditMs: {
        firstEdit: roundSummary(editFirst),
        typing: roundSummary(editRepeat),
        firstEditP99PerRun: editFirstRuns.map((v) => round(v)),
        firstEditPauses: outpostPulls.map((p) => p.editFirstPauses ?? null),
        typingPauses: outpostPulls.map((p) => p.editRepeatPauses ?? null),
        firstEditWaits: outpostPulls.map((p) => p.editFirstWaits ?? null),
        typingWaits: outpostPulls.map((p) => p.editRepeatWaits ?? null),
        typingP99PerRun: editRepeatRuns.map((v) => round(v)),
        firstEditCpu: roundSummary(editCpu),
      },
      firstListCoreMs: roundSummary(firstList),
      runs: pulls.map((p) => ({
        mode: p.mode,
        load1m: p.load.load1m,
        loaded: p.load.loaded,
        wallMs: round(p.wallMs),
        serverRequests: p.serverRequests,
        serviceCpuMs: round(p.serviceCpuMs),
        posts: p.posts,
        cpuMs: round(p.cpuMs),
        peakRssMB: mb(p.peakRssBytes),
        sampledPeakRssMB: mb(p.sampledPeakRssBytes),
        rssMB: mb(p.rssBytes),
        ...(p.rssSettledBytes === undefined ? {} : { rssSettledMB: mb(p.rssSettledBytes) }),
        heapTotalMB: mb(p.heapTotalBytes),
        heapUsedMB: mb(p.heapUsedBytes),
      })),
    },
  };
}

// --- push ------------------------------------------------------------------------------------
if (selected.has('push')) {
  const begun = beginSection();
  const pushes: Array<PushChildResult & { serviceCpuMs: number; load: LoadSample }> = [];
  const pushPairs: Pair[] = [];
  const pushCapacity: PairCapacity[] = [];
  for (let rep = 0; rep < config.pushRepeats; rep++) {
    const load = loadNow();
    const order: Array<'bare' | 'outpost'> = rep % 2 === 0 ? ['bare', 'outpost'] : ['outpost', 'bare'];
    const pair: Partial<Record<'bare' | 'outpost', PushChildResult & { serviceCpuMs: number }>> = {};
    for (const mode of order) {
      // A fresh service each time, so every run creates into the same state.
      const seed = seedSandboxFile(join(work, `push-service-${mode}-${rep}.db`), {
        posts: 0,
        variantsPerPost: 0,
      });
      const sandbox = await startSandboxProcess(seed.file);
      try {
        const runLoad = loadNow();
        const serviceCpuBefore = (await sandbox.stats()).cpuMs;
        const result = await runChild<PushChildResult>(
          children.push,
          {
            BENCH_PUSH_INPUT: JSON.stringify({
              mode,
              baseUrl: sandbox.baseUrl,
              token: sandbox.token,
              dataDir: join(work, `push-${mode}-${rep}`),
              posts: config.pushPosts,
              concurrency: config.concurrency,
              appV8,
            }),
          },
          mode === 'outpost' ? outpostFlags : [],
        );
        const serviceCpuMs = (await sandbox.stats()).cpuMs - serviceCpuBefore;
        pushes.push({ ...result, serviceCpuMs, load: runLoad });
        pair[mode] = { ...result, serviceCpuMs };
        log(
          `push ${rep + 1}/${config.pushRepeats} ${mode} (${loadText(runLoad)}): ${ms(result.wallMs)} (cpu ${ms(result.cpuMs)}), ${result.requests} requests`,
        );
      } finally {
        await sandbox.close();
      }
    }
    pushPairs.push({
      outpostMs: pair.outpost?.wallMs ?? NaN,
      bareMs: pair.bare?.wallMs ?? NaN,
      outpostCpuMs: pair.outpost?.cpuMs ?? NaN,
      bareCpuMs: pair.bare?.cpuMs ?? NaN,
      load,
    });
    if (pair.bare && pair.outpost) pushCapacity.push(pairCapacity(pair.bare, pair.outpost.cpuMs));
  }
  const pushOutpost = summarize(pushes.filter((p) => p.mode === 'outpost').map((p) => p.wallMs));
  const pushBare = summarize(pushes.filter((p) => p.mode === 'bare').map((p) => p.wallMs));
  const pushRatio = pairedRatio(pushPairs);
  const pushRequests = pushes.find((p) => p.mode === 'outpost')?.requests ?? 0;
  const pushRequestsBare = pushes.find((p) => p.mode === 'bare')?.requests ?? 0;
  const rate = (count: number, wall: number): string => `${Math.round((count / wall) * 1000)} req/s`;
  sections.push = {
    ...begun,
    rows: [
      {
        name: `Push ${config.pushPosts.toLocaleString('en-US')} posts x 2 variants`,
        goal: '>= 0.85 of bare client',
        figure: `ratio ${describePairs(pushPairs)}; Outpost ${ms(pushOutpost.median)} (${rate(pushRequests, pushOutpost.median)}), bare ${ms(pushBare.median)} (${rate(pushRequestsBare, pushBare.median)}); CPU-time ratio ${cpuRatioText(pushRatio.cpuMedian)}`,
        met: pushRatio.median >= 0.85 && pushRequests === pushRequestsBare,
        note: `Ratio: median of ${pushPairs.length} paired runs, as for the pull; the CPU-time ratio is the median of bare / Outpost CPU time (Outpost: its whole push sync). ${pushRequests} requests (bare: ${pushRequestsBare}), concurrency ${config.concurrency}; timed over the push phase of one sync (end of its last read to the end of its last write).${capacityText(pushCapacity)}`,
      },
    ],
    figures: {
      outpostMs: roundSummary(pushOutpost),
      bareMs: roundSummary(pushBare),
      ratio: {
        median: round(pushRatio.median),
        medianQuiet: pushRatio.medianQuiet === null ? null : round(pushRatio.medianQuiet),
        loadedPairs: pushRatio.loadedPairs,
        cpuMedian: pushRatio.cpuMedian === null ? null : round(pushRatio.cpuMedian),
      },
      pairs: pushPairs.map((p, i) => ({
        ratio: round(pushRatio.ratios[i] as number),
        outpostMs: round(p.outpostMs),
        bareMs: round(p.bareMs),
        outpostCpuMs: round(p.outpostCpuMs ?? NaN),
        bareCpuMs: round(p.bareCpuMs ?? NaN),
        load1m: p.load.load1m,
        loaded: p.load.loaded,
      })),
      requests: { outpost: pushRequests, bare: pushRequestsBare },
      capacity: capacityFigures(pushCapacity),
      draftCreationMs: roundSummary(
        summarize(pushes.flatMap((p) => (p.draftMs === undefined ? [] : [p.draftMs]))),
      ),
    },
  };
}

// --- idle ------------------------------------------------------------------------------------
let idleReasoning: string[] = [];
if (selected.has('idle')) {
  const begun = beginSection();
  log(`idle: ${config.idleMinutes} simulated minutes`);
  // One idle run on its own seeded service: `name` names its files.
  const idleRun = async (
    name: string,
    seed: Parameters<typeof seedSandboxFile>[1],
    screen?: { rows: number; rangeDays: number },
  ): Promise<IdleChildResult> => {
    const seeded = seedSandboxFile(join(work, `${name}-service.db`), seed);
    const sandbox = await startSandboxProcess(seeded.file);
    try {
      return await runChild<IdleChildResult>(
        children.idle,
        {
          BENCH_IDLE_INPUT: JSON.stringify({
            baseUrl: sandbox.baseUrl,
            token: sandbox.token,
            dataDir: join(work, name),
            minutes: config.idleMinutes,
            appV8,
            ...(screen ? { screen: { ...screen, workspace: seeded.workspace } } : {}),
          }),
        },
        outpostFlags,
      );
    } finally {
      await sandbox.close();
    }
  };
  const idle = await idleRun('idle', {
    posts: config.idlePosts,
    variantsPerPost: config.variantsPerPost,
    scheduled: config.idleScheduled,
    needsApproval: config.idleNeedsApproval,
  });
  log(
    `idle: ${idle.requests} requests in ${idle.simulatedMinutes} simulated minutes (${idle.syncs} syncs, ${idle.fullPulls} full pulls)`,
  );
  const rows: Row[] = [
    {
      name: `Idle cost, ${config.idleScheduled} scheduled + ${config.idleNeedsApproval} needs_approval`,
      goal: `modest (<= ${config.idleModestPerMinute} req/min)`,
      figure: `${idle.perMinute.toFixed(1)} req/min (${idle.requests} in ${idle.simulatedMinutes} simulated min, ${idle.syncs} syncs, ${idle.fullPulls} full pulls)`,
      met: idle.perMinute <= config.idleModestPerMinute,
      note: 'Simulated time, production sync interval; see the reasoning printed below.',
    },
  ];
  // The light sync's freshness checks (each workspace's count every light sync, the
  // open post's and the soon-due posts' variants) measured at the pull's size, full pulls and all.
  const n = config.pullPosts.toLocaleString('en-US');
  log(`idle: ${config.idleMinutes} simulated minutes at ${n} posts`);
  const idleLarge = await idleRun('idle-large', {
    posts: config.pullPosts,
    variantsPerPost: config.variantsPerPost,
    scheduled: config.idleScheduled,
    needsApproval: config.idleNeedsApproval,
  });
  log(
    `idle at ${n} posts: ${idleLarge.requests} requests in ${idleLarge.simulatedMinutes} simulated minutes (${idleLarge.syncs} syncs, ${idleLarge.fullPulls} full pulls)`,
  );
  rows.push({
    name: `Idle cost at ${n} posts, freshness checks included`,
    goal: `<= ${config.idleModestPerMinute} req/min`,
    figure: `${idleLarge.perMinute.toFixed(1)} req/min (${idleLarge.requests} in ${idleLarge.simulatedMinutes} simulated min, ${idleLarge.syncs} syncs, ${idleLarge.fullPulls} full pulls)`,
    met: idleLarge.perMinute <= config.idleModestPerMinute,
    note: `Measured as the row above on a service holding ${n} posts: every light sync asks each workspace for its count (limit=1), so a colleague's post shows within a minute. ${Object.entries(
      idleLarge.byRoute,
    )
      .map(([route, count]) => `${route} x${count}`)
      .join(', ')}.`,
  });
  // The same library with a window open: 20 rows of the list and a calendar week on screen, and
  // 300 posts scheduled in the next 7 days (more than the re-reads' budget reads in a minute), so
  // the sync re-reads on-screen and this week's posts, and sweeps the rest, all within its budget.
  log(`idle: ${config.idleMinutes} simulated minutes at ${n} posts, a window open`);
  const idleShown = await idleRun(
    'idle-shown',
    {
      posts: config.pullPosts,
      variantsPerPost: config.variantsPerPost,
      scheduled: config.idleWeekScheduled,
      scheduledAt: new Date(Date.now() + 3 * 86_400_000),
      needsApproval: config.idleNeedsApproval,
    },
    { rows: 20, rangeDays: 7 },
  );
  log(
    `idle at ${n} posts, a window open: ${idleShown.requests} requests in ${idleShown.simulatedMinutes} simulated minutes (${idleShown.syncs} syncs, ${idleShown.fullPulls} full pulls)`,
  );
  rows.push({
    name: `Idle cost at ${n} posts, a window open, ${config.idleWeekScheduled} due this week`,
    goal: `<= ${config.idleModestPerMinute} req/min`,
    figure: `${idleShown.perMinute.toFixed(1)} req/min (${idleShown.requests} in ${idleShown.simulatedMinutes} simulated min, ${idleShown.syncs} syncs, ${idleShown.fullPulls} full pulls)`,
    met: idleShown.perMinute <= config.idleModestPerMinute,
    note: `As the row above, with 20 rows of the list and a calendar week on screen (sync.onScreen) and ${config.idleWeekScheduled} variants scheduled in 3 days: each sync re-reads, within ${REREADS_PER_MINUTE} variant reads a minute, what is on screen, then what is due this week, then the sweep of the rest. ${Object.entries(
      idleShown.byRoute,
    )
      .map(([route, count]) => `${route} x${count}`)
      .join(', ')}.`,
  });
  // A full pull reads the post pages and the variants of new, changed and the rotation's share
  // of settled posts, so its cost grows with the library only by the pages: derive the idle
  // rate at the pull's size from measured numbers, by replacing each full pull of the idle run
  // (a small library, read in full) by the later full pull the pull benchmark measured.
  const idlePullSize = idle.firstSyncRequests - 1; // the first sync's pull, without connect's own check
  const fullPullsPerMinute = idle.fullPulls / idle.simulatedMinutes;
  const outpostPulls = pulls.filter((p) => p.mode === 'outpost');
  const steadyFullPull = Math.max(0, ...outpostPulls.map((p) => p.steadyFullPullRequests ?? 0));
  const idleAtPullSize = idle.perMinute + fullPullsPerMinute * (steadyFullPull - idlePullSize);
  if (outpostPulls.length > 0) {
    rows.push({
      name: `Idle cost at ${n} posts (derived)`,
      goal: `modest (<= ${config.idleModestPerMinute} req/min)`,
      figure: `~${Math.round(idleAtPullSize)} req/min`,
      met: idleAtPullSize <= config.idleModestPerMinute,
      note: `The idle run's rate with each of its full pulls (${fullPullsPerMinute.toFixed(3)}/min, ${idlePullSize} requests each) replaced by a later full pull at ${n} posts (${steadyFullPull} requests, measured after the pull above: post pages plus the rotation's ${ROTATION_PER_PULL} posts).`,
    });
  }
  idleReasoning = [
    `Idle reasoning: with ${config.idleScheduled} scheduled and ${config.idleNeedsApproval} needs_approval variants (${config.idlePosts} posts + the seed's few), nothing changed on the service for ${idle.simulatedMinutes} simulated minutes.`,
    `The core ran ${idle.syncs} syncs (its periodic timer plus reconcile wake-ups), ${idle.fullPulls} of them full pulls; ${idle.requests} requests in all: ${Object.entries(
      idle.byRoute,
    )
      .map(([route, count]) => `${route} x${count}`)
      .join(', ')}.`,
    'The API has no change feed or webhook (spec section 6), so the only way to see changes made elsewhere is to read again. ' +
      `Light syncs re-read scheduled and waiting variants when due, and, within ${REREADS_PER_MINUTE} variant reads a minute, the posts on screen, those due in the next 7 days and a sweep of the rest. ` +
      `A full pull (every 15 minutes) reads the post pages, then the variants of new posts, of posts changed here, and of the ${ROTATION_PER_PULL} settled posts read longest ago, so a large library is read round in turns and its cost grows only by the pages` +
      (outpostPulls.length > 0
        ? `: ~${Math.round(idleAtPullSize)} req/min at ${n} posts (a later full pull there: ${steadyFullPull} requests).`
        : '.'),
  ];
  sections.idle = {
    ...begun,
    rows,
    figures: {
      ...idle,
      atPullSize: idleLarge,
      ...(outpostPulls.length > 0
        ? { derivedPerMinuteAtPullSize: round(idleAtPullSize), laterFullPullRequests: steadyFullPull }
        : {}),
      reasoning: idleReasoning,
    },
  };
}

// --- rendering and start-up ------------------------------------------------------------------
if (selected.has('render')) {
  const begun = beginSection();
  log('rendering and start-up in Chromium');
  const render = await benchRender({
    dataDir: renderDataDir,
    startups: config.startups,
    reloads: config.reloads,
    smoothFrames: config.smoothFrames,
    jumpFrames: config.jumpFrames,
    nodeFlags: outpostFlags,
  });
  const startup = summarize(render.startupMs);
  const firstList = summarize(render.firstListMs);
  const frames = summarize(render.frameMs);
  const smooth = summarize(render.smoothFrameMs);
  const jump = summarize(render.jumpFrameMs);
  const n = config.pullPosts.toLocaleString('en-US');
  sections.render = {
    ...begun,
    rows: [
      {
        name: `Rendering: first list (${render.rows.toLocaleString('en-US')} posts)`,
        goal: '< 300 ms',
        figure: `${ms(firstList.median)} / p95 ${ms(firstList.p95)}`,
        met: firstList.p95 < 300,
        note: `Navigation start to the first rendered row, host already running, page reloads. Of that, the posts.list bridge request for the first screenful: ${ms(summarize(render.postsListMs).median)} (the rest follows a page at a time once the first rows are shown).`,
      },
      {
        name: 'Rendering: frame time while scrolling',
        goal: 'p95 < 16 ms',
        figure: `${ms(frames.median)} / p95 ${ms(frames.p95)}`,
        met: frames.p95 < 16,
        note: `rAF deltas, frame-rate limit off. Smooth 40 px/frame: ${ms(smooth.median)} / p95 ${ms(smooth.p95)}; a screen per frame: ${ms(jump.median)} / p95 ${ms(jump.p95)}.`,
      },
      {
        name: `Start-up to first paint with the list (${n} posts)`,
        goal: '< 1 s',
        figure: `${ms(startup.median)} / p95 ${ms(startup.p95)}`,
        met: startup.p95 < 1000,
        note: `Spawn of out/main/browser-host.js to max(first contentful paint, first row). Host ready (URL printed): ${ms(summarize(render.hostReadyMs).median)}; FCP alone: ${ms(summarize(render.startupFcpMs).median)}.`,
      },
    ],
    figures: {
      rows: render.rows,
      startupMs: roundSummary(startup),
      hostReadyMs: roundSummary(summarize(render.hostReadyMs)),
      startupFcpMs: roundSummary(summarize(render.startupFcpMs)),
      firstListMs: roundSummary(firstList),
      postsListRequestMs: roundSummary(summarize(render.postsListMs)),
      frameMs: roundSummary(frames),
      smoothFrameMs: roundSummary(smooth),
      jumpFrameMs: roundSummary(jump),
    },
  };
}

// --- calendar month, on a data folder it seeds itself ----------------------
if (selected.has('calendar')) {
  const begun = beginSection();
  log(`calendar: month openings with ${config.calendarPosts} posts (${loadText(begun.loadAtStart)})`);
  const calendar = await benchCalendarMonth({ posts: config.calendarPosts, runs: config.calendarRuns });
  log(
    `calendar: ${calendar.openMonthMs.map((v) => ms(v)).join(', ')}; chips ${calendar.chipsPerMonth.join(', ')}`,
  );
  sections.calendar = {
    ...begun,
    rows: [calendarMonthRow(calendar, begun.loadAtStart)],
    figures: {
      posts: calendar.posts,
      variants: calendar.variants,
      openMonthMs: calendar.openMonthMs.map((v) => round(v)),
      chipsPerMonth: calendar.chipsPerMonth,
      summary: roundSummary(calendar.summary),
      goalMs: calendar.goalMs,
      met: calendar.met,
    },
  };
}

// --- Add to queue, on a data folder it seeds itself ------------------------------
if (selected.has('queue')) {
  const begun = beginSection();
  log(
    `queue: Add to queue of ${config.queueDrafts} variants, ${config.queueLibrary} posts planned (${loadText(begun.loadAtStart)})`,
  );
  const queue = await benchAddToQueue({
    library: config.queueLibrary,
    drafts: config.queueDrafts,
    runs: config.queueRuns,
  });
  log(
    `queue: ${queue.addMs.map((v) => ms(v)).join(', ')}; undo ${queue.undoMs.map((v) => ms(v)).join(', ')}`,
  );
  sections.queue = {
    ...begun,
    rows: [addToQueueRow(queue, begun.loadAtStart)],
    figures: {
      library: queue.library,
      drafts: queue.drafts,
      addMs: queue.addMs.map((v) => round(v)),
      undoMs: queue.undoMs.map((v) => round(v)),
      add: roundSummary(queue.add),
      undo: roundSummary(queue.undo),
      goalMs: queue.goalMs,
      met: queue.met,
    },
  };
}

// --- bulk reschedule: the local part timed, the push's PATCH requests counted ------
if (selected.has('bulk')) {
  const begun = beginSection();
  log(`bulk: reschedule ${config.bulkVariants} variants at once (${loadText(begun.loadAtStart)})`);
  const bulk = await benchBulkReschedule({ variants: config.bulkVariants, runs: config.bulkRuns });
  log(`bulk: ${bulk.runsMs.map((v) => ms(v)).join(', ')}; PATCH per run ${bulk.patchesPerRun.join(', ')}`);
  const row = bulkRescheduleRow(bulk, begun.loadAtStart);
  sections.bulk = {
    ...begun,
    rows: [row],
    figures: {
      variants: bulk.variants,
      runsMs: bulk.runsMs.map((v) => round(v)),
      summary: roundSummary(bulk.summary),
      patchesPerRun: bulk.patchesPerRun,
      met: row.met,
    },
  };
}

// --- import: a table of rows checked and made, and the memory it takes -------------------------
if (selected.has('import')) {
  const begun = beginSection();
  log(`import: ${config.importRows} rows checked and made (${loadText(begun.loadAtStart)})`);
  const imported = await benchImport({ rows: config.importRows, runs: config.importRuns });
  log(
    `import: checked ${ms(imported.check.median)}, made ${ms(imported.make.median)}, +${imported.peakAboveStartMB} MB`,
  );
  const row = importRow(imported, begun.loadAtStart);
  sections.import = {
    ...begun,
    rows: [row],
    figures: {
      rows: imported.rows,
      check: roundSummary(imported.check),
      make: roundSummary(imported.make),
      checkCpu: roundSummary(imported.checkCpu),
      makeCpu: roundSummary(imported.makeCpu),
      peakAboveStartMB: imported.peakAboveStartMB,
      met: row.met,
    },
  };
}

// --- growth: the same pull and its costs at each library size ---------------------------------
let growthText = '';
if (selected.has('growth')) {
  const begun = beginSection();
  interface GrowthRun {
    posts: number;
    variants: number;
    load: LoadSample;
    pullMs: number;
    cpuMs: number;
    requests: number;
    peakRssMB: number;
    endRssMB: number;
    dbMB: number;
    firstListMs: number;
    firstEditP99Ms: number;
    firstEditMedianMs: number;
    typingP99Ms: number;
    /** The sync that sent `growthPushDrafts` new posts drafted into the pulled library. */
    pushDraftsMs: number;
    /** Median month opening in Chromium, on a folder seeded at this size (seedDataDir). */
    calendarMonthMs: number;
    /** The calendar's own folder holds exactly `size` posts (the pull's service a few more). */
    calendarPosts: number;
    calendarOpenings: number[];
    calendarLoad: LoadSample;
    /** Spawn of the browser host to the first paint with the list, on the pulled folder (median). */
    startupMs: number;
    startupOpenings: number[];
    /** The slowest search's first screenful (median), on a find library seeded at this size. */
    searchMs: number;
    searchP95Ms: number;
    searchName: string;
  }
  const growth: GrowthRun[] = [];
  for (const size of config.growthSizes) {
    log(`growth: seeding ${size} posts x ${config.variantsPerPost} variants`);
    const seed = seedSandboxFile(join(work, `growth-service-${size}.db`), {
      posts: size,
      variantsPerPost: config.variantsPerPost,
    });
    const sandbox = await startSandboxProcess(seed.file);
    const dataDir = join(work, `growth-${size}`);
    try {
      const r = await pullOnce(sandbox, {
        mode: 'outpost',
        dataDir,
        edits: config.growthEdits,
        settleMs: 0,
        firstLists: config.firstLists,
        pushDrafts: config.growthPushDrafts,
      });
      const edits = summarize(r.editFirstMs ?? []);
      const startup = await benchStartup({
        dataDir,
        startups: config.growthStartups,
        nodeFlags: outpostFlags,
      });
      rmSync(dataDir, { recursive: true, force: true });
      const search = slowestSearchFirstScreenful(
        await benchFind({ posts: size, runs: config.growthSearchRuns, kinds: ['search'] }),
      );
      if (search === null) throw new Error('growth: the find bench ran no search');
      const calendarLoad = loadNow();
      const calendar = await benchCalendarMonth({
        posts: size,
        runs: growthCalendarRuns(size, config.growthCalendarRuns),
      });
      growth.push({
        posts: r.posts,
        variants: r.variants,
        load: r.load,
        pullMs: r.wallMs,
        cpuMs: r.cpuMs,
        requests: r.serverRequests,
        peakRssMB: mb(r.peakRssBytes),
        endRssMB: mb(r.rssBytes),
        dbMB: mb(r.dbBytes ?? 0),
        firstListMs: median(r.firstListMs ?? []),
        firstEditP99Ms: edits.p99,
        firstEditMedianMs: edits.median,
        typingP99Ms: summarize(r.editRepeatMs ?? []).p99,
        pushDraftsMs: r.pushDraftsMs ?? 0,
        calendarMonthMs: calendar.summary.median,
        calendarPosts: calendar.posts,
        calendarOpenings: calendar.openMonthMs,
        calendarLoad,
        startupMs: median(startup.startupMs),
        startupOpenings: startup.startupMs,
        searchMs: search.summary.median,
        searchP95Ms: search.summary.p95,
        searchName: search.name,
      });
      log(
        `growth ${size} (${loadText(r.load)}): pull ${ms(r.wallMs)}, ${r.serverRequests} requests, peak rss ${mb(r.peakRssBytes)} MB, db ${mb(r.dbBytes ?? 0)} MB, first list ${ms(median(r.firstListMs ?? []))}, first edit p99 ${ms(edits.p99)}, ${config.growthPushDrafts} drafts sent in ${ms(r.pushDraftsMs ?? 0)}; calendar month (${loadText(calendarLoad)}) ${calendar.openMonthMs.map((v) => ms(v)).join(', ')}; start-up ${startup.startupMs.map((v) => ms(v)).join(', ')}; slowest search ${ms(search.summary.median)} / p95 ${ms(search.summary.p95)} (${search.name})`,
      );
    } finally {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(seed.file, { force: true });
    }
  }
  const metric = (key: keyof GrowthRun, label: string, unit: string): GrowthMetric => ({
    key,
    label,
    unit,
    points: growth.map((g) => ({ posts: g.posts, value: g[key] as number })),
  });
  const metrics = [
    metric('pullMs', 'pull time', 'ms'),
    metric('requests', 'pull requests', 'requests'),
    metric('peakRssMB', 'peak RSS', 'MB'),
    metric('dbMB', 'database size', 'MB'),
    metric('firstListMs', 'first list (core)', 'ms'),
    metric('firstEditP99Ms', 'first-edit p99', 'ms'),
    metric('pushDraftsMs', `${config.growthPushDrafts} new posts sent`, 'ms'),
    metric('startupMs', 'start-up (Chromium)', 'ms'),
    metric('searchMs', 'search (first screenful)', 'ms'),
    {
      key: 'calendarMonthMs',
      label: 'calendar month',
      unit: 'ms',
      points: growth.map((g) => ({ posts: g.calendarPosts, value: g.calendarMonthMs })),
    },
  ];
  const sizeHeads = growth.map((g) => g.posts.toLocaleString('en-US'));
  const perPostText = (m: GrowthMetric, value: number): string => {
    // Small per-post figures read better a unit down.
    if (m.unit === 'MB') return `${round(value * 1024)} KB`;
    if (m.unit === 'ms' && value < 0.001) return `${round(value * 1e6)} ns`;
    if (m.unit === 'ms' && value < 1) return `${round(value * 1000)} µs`;
    return `${round(value)} ${m.unit}`;
  };
  const growthRows = [
    `| Posts (x${config.variantsPerPost} variants) | Load at start | Pull | Requests | Peak RSS | End RSS | Database | First list (core) | First edit / typing p99 | ${config.growthPushDrafts} new posts sent | Start-up | Search (p95) | Calendar month (load at start) |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...growth.map(
      (g) =>
        `| ${g.posts.toLocaleString('en-US')} | ${g.load.load1m}${g.load.loaded ? ' **loaded**' : ''} | ${ms(g.pullMs)} | ${g.requests} | ${g.peakRssMB} MB | ${g.endRssMB} MB | ${g.dbMB} MB | ${ms(g.firstListMs)} | ${ms(g.firstEditP99Ms)} / ${ms(g.typingP99Ms)} | ${ms(g.pushDraftsMs)} | ${ms(g.startupMs)} | ${ms(g.searchMs)} (${ms(g.searchP95Ms)}) | ${ms(g.calendarMonthMs)} (${g.calendarLoad.load1m}${g.calendarLoad.loaded ? ' **loaded**' : ''}) |`,
    ),
  ];
  const perPostRows = [
    `| Cost per post | ${sizeHeads.map((h) => `at ${h}`).join(' | ')} | Slope (log-log) | No faster than the posts |`,
    `| --- | ${sizeHeads.map(() => '---').join(' | ')} | --- | --- |`,
    ...metrics.map((m) => {
      const e = growthExponent(m.points);
      const ok = growsNoFasterThanPosts(m.points);
      return `| ${m.label} | ${perPost(m.points)
        .map((v) => perPostText(m, v))
        .join(
          ' | ',
        )} | ${e === null ? 'n/a' : e.toFixed(2)} | ${ok === null ? 'n/a' : ok ? 'yes' : '**no**'} |`;
    }),
  ];
  growthText = [
    `Growth: the pull of an empty folder and the costs after it, one run per size (${config.variantsPerPost} variants per post).`,
    '',
    growthRows.join('\n'),
    '',
    perPostRows.join('\n'),
    '',
    `First list: posts.list for the window's first screenful through the core (median of ${config.firstLists}), not the Chromium render (its Chromium figure at ${config.pullPosts.toLocaleString('en-US')} posts is in the main table). First edit: ${config.growthEdits} first edits spread over the list, then as many keystrokes in one variant (typing). Slope: least squares of log(cost) on log(posts); 1 grows like the posts, 0 stays flat; "no faster" takes slopes up to ${1 + GROWTH_TOLERANCE}, for run-to-run noise. Calendar month: median month opening in Chromium (as in the main table's calendar row) on a data folder seeded directly at that size (seedDataDir, not the pull's folder), ${config.growthCalendarRuns} openings per size, at most 3 at 50,000 posts. Start-up: spawn of the browser host on the pulled folder to the first paint with the list in Chromium (as the main table's start-up row), median of ${config.growthStartups}. Search: the slowest of the find part's searches, first screenful through the core (median, p95 in brackets, ${config.growthSearchRuns} calls each), on a library seeded at that size with words to find (find.ts), not the pull's folder.`,
  ].join('\n');
  const svg = growthSvg(
    metrics,
    `Outpost growth, ${sizeHeads.join(' / ')} posts${quick ? ' (BENCH_QUICK)' : ''}${growth.some((g) => g.load.loaded || g.calendarLoad.loaded) ? ' (loaded machine)' : ''}`,
  );
  // A quick run's plot must not replace the one the README shows.
  const svgFile = quick ? join(BENCH_OUT, 'bench-growth.svg') : join(ROOT, 'docs', 'bench-growth.svg');
  mkdirSync(join(svgFile, '..'), { recursive: true });
  writeFileSync(svgFile, svg);
  log(`wrote ${svgFile}`);
  sections.growth = {
    ...begun,
    rows: [],
    figures: {
      runs: growth.map((g) => ({
        ...g,
        load: undefined,
        load1m: g.load.load1m,
        loaded: g.load.loaded,
        pullMs: round(g.pullMs),
        cpuMs: round(g.cpuMs),
        firstListMs: round(g.firstListMs),
        firstEditP99Ms: round(g.firstEditP99Ms),
        firstEditMedianMs: round(g.firstEditMedianMs),
        typingP99Ms: round(g.typingP99Ms),
        calendarMonthMs: round(g.calendarMonthMs),
        calendarOpenings: g.calendarOpenings.map((v) => round(v)),
        calendarLoad: undefined,
        startupMs: round(g.startupMs),
        startupOpenings: g.startupOpenings.map((v) => round(v)),
        searchMs: round(g.searchMs),
        searchP95Ms: round(g.searchP95Ms),
        calendarLoad1m: g.calendarLoad.load1m,
        calendarLoaded: g.calendarLoad.loaded,
      })),
      perPost: Object.fromEntries(
        metrics.map((m) => [m.key, perPost(m.points).map((v) => Number(v.toPrecision(3)))]),
      ),
      slopes: Object.fromEntries(metrics.map((m) => [m.key, growthExponent(m.points)])),
      noFasterThanPosts: Object.fromEntries(metrics.map((m) => [m.key, growsNoFasterThanPosts(m.points)])),
      svg: svgFile.slice(ROOT.length),
    },
  };
}

// --- find: search, filters and orders through the core, on folders it seeds ---------
let findText = '';
if (selected.has('find')) {
  const begun = beginSection();
  const results: FindResult[] = [];
  const loads: LoadSample[] = [];
  for (const posts of config.findSizes) {
    loads.push(loadNow());
    log(`find: ${posts} posts (${loadText(loads[loads.length - 1] as LoadSample)})`);
    results.push(await benchFind({ posts, runs: config.findRuns }));
  }
  findText = [
    `Find: through the core as the window asks it (a first screenful of ${LIST_PAGE_SIZES.firstScreenful} with posts.list, then the rest with posts.page in pages of up to ${LIST_PAGE_SIZES.rest} from the start), ${config.findRuns} walks through each list, on folders seeded directly (two variants of 20 to 60 words per post). Median / p95.`,
    '',
    findTable(results),
  ].join('\n');
  sections.find = {
    ...begun,
    // The goal holds at 10,000 posts and at 50,000: a row pair per size.
    rows: results.flatMap((r, i) => searchRows(r, loads[i] ?? begun.loadAtStart)),
    figures: {
      results: results.map((r) => ({
        ...r,
        cases: r.cases.map((c) => ({
          ...c,
          firstScreenful: roundSummary(c.firstScreenful),
          restPage: c.restPage === null ? null : roundSummary(c.restPage),
          rest: roundSummary(c.rest),
        })),
      })),
    },
  };
}

// --- safekeeping: the quick check at start, and edits while a copy is made ----------
if (selected.has('safekeeping')) {
  const begun = beginSection();
  log(
    `safekeeping: quick check and a copy with ${config.safekeepingPosts} posts (${loadText(begun.loadAtStart)})`,
  );
  const safe = await benchSafekeeping({ posts: config.safekeepingPosts });
  log(
    `safekeeping: quick check ${safe.quickCheckMs.map((v) => ms(v)).join(', ')}; copies ${safe.copyMs.map((v) => ms(v)).join(', ')}; longest edit during a copy ${ms(safe.longestEditDuringCopyMs)}`,
  );
  sections.safekeeping = {
    ...begun,
    rows: safekeepingRows(safe, begun.loadAtStart),
    figures: {
      posts: safe.posts,
      databaseBytes: safe.databaseBytes,
      quickCheckMs: safe.quickCheckMs.map((v) => round(v)),
      quickCheck: roundSummary(safe.quickCheck),
      copyMs: safe.copyMs.map((v) => round(v)),
      editDuringCopy: roundSummary(safe.editDuringCopy),
      editAlone: roundSummary(safe.editAlone),
    },
  };
}

// --- posting times: a pasted line of a megabyte, read ------------------------------------------
if (selected.has('posting-times')) {
  const begun = beginSection();
  log(`posting times: long lines read (${loadText(begun.loadAtStart)})`);
  const read = await benchPostingTimesApart({ runs: config.postingTimesRuns });
  const row = postingTimesRow(read, begun.loadAtStart);
  log(`posting times: ${row.figure}`);
  sections['posting-times'] = {
    ...begun,
    rows: [row],
    figures: {
      lines: read.lines.map((l) => ({
        ...l,
        parse: { median: round(l.parse.median), max: round(l.parse.max), n: l.parse.n },
      })),
      met: row.met,
    },
  };
}

// --- long texts: the length check of a text as long as the service takes ---------------------
if (selected.has('long-texts')) {
  const begun = beginSection();
  log(`long texts: length checks (${loadText(begun.loadAtStart)})`);
  const checked = await benchLongTextsApart({ runs: config.longTextRuns });
  const row = longTextsRow(checked, begun.loadAtStart);
  log(`long texts: ${row.figure}`);
  sections['long-texts'] = {
    ...begun,
    rows: [row],
    figures: {
      texts: checked.texts.map((t) => ({
        ...t,
        check: { median: round(t.check.median), max: round(t.check.max), n: t.check.n },
      })),
      met: row.met,
    },
  };
}

// --- file size: bytes per post, Outpost's file beside the service's own --------------------
if (selected.has('file-size')) {
  const begun = beginSection();
  const rows: Row[] = [];
  const runs: Array<Record<string, unknown>> = [];
  for (const posts of config.fileSizePosts) {
    const load = loadNow();
    log(`file size: ${posts} posts pulled (${loadText(load)})`);
    const r = await benchFileSize(posts);
    const row = fileSizeRow(r, load);
    log(`file size: ${row.figure}`);
    rows.push(row);
    runs.push({
      posts: r.posts,
      load1m: load.load1m,
      outpostBytes: r.outpostBytes,
      serviceBytes: r.serviceBytes,
      ratio: round(r.outpostBytes / r.serviceBytes),
      outpostBytesPerPost: Math.round(r.outpostBytes / r.posts),
      serviceBytesPerPost: Math.round(r.serviceBytes / r.posts),
      outpostObjects: r.outpostObjects.slice(0, 12),
      serviceObjects: r.serviceObjects.slice(0, 8),
      pullMs: round(r.pullMs),
    });
  }
  sections['file-size'] = { ...begun, rows, figures: { runs } };
}

// --- keystrokes: saves typed through each host's bridge during a first pull ------------------
if (selected.has('keystrokes')) {
  const begun = beginSection();
  const runs = await benchKeystrokes(
    { sizes: config.keystrokeSizes, intervalMs: config.keystrokeIntervalMs, nodeFlags: outpostFlags },
    log,
  );
  sections.keystrokes = {
    ...begun,
    rows: runs.flatMap(keystrokeRows),
    figures: { runs: runs.map(keystrokeFigures) },
  };
}

// --- window pull: a first pull with the window open on the list ----------------------------
if (selected.has('window-pull')) {
  const begun = beginSection();
  const runs = await benchWindowPull(config.windowPullSizes, log, outpostFlags);
  const rows = runs.map((r) => windowPullRow(r.figures, r.load));
  for (const row of rows) log(`window pull: ${row.figure}`);
  sections['window-pull'] = {
    ...begun,
    rows,
    figures: { runs: runs.map((r) => ({ ...r.figures, load1m: r.load.load1m })) },
  };
}

// --- report ----------------------------------------------------------------------------------
const rows = SECTIONS.flatMap((s) => sections[s]?.rows ?? []);
const notes = rows.filter((r) => r.note).map((r) => `- ${r.name}: ${r.note}`);
const loadNote =
  machine.loadAverage1mAtStart > machine.cores * 0.75
    ? `The machine was shared and loaded while this ran (1-minute load average ${machine.loadAverage1mAtStart} on ${machine.cores} cores at the start): absolute figures are pessimistic; paired ratios against the bare client are fairer.`
    : null;
const machineLine = `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGiB} GiB RAM, Node ${machine.node}, ${machine.os}. Outpost's V8 settings: ${[...config.appV8Flags, ...outpostFlags].join(' ') || 'none'}.`;

process.stdout.write(
  [
    quick ? '**BENCH_QUICK: small sizes, not comparable with the goals.**\n' : '',
    rows.length > 0 ? `${markdownTable(rows)}\n` : '',
    machineLine,
    loadNote ?? '',
    '',
    notes.join('\n'),
    '',
    idleReasoning.join('\n'),
    '',
    growthText,
    '',
    findText,
    '',
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n'),
);

// A partial run (BENCH_ONLY) keeps the other parts of the previous results, if of the same kind.
const resultsFile = join(ROOT, 'bench-results.json');
let kept: Partial<Record<Section, SectionResult>> = {};
if (asked.length > 0 && existsSync(resultsFile)) {
  try {
    const previous = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
      quick?: boolean;
      sections?: Partial<Record<Section, SectionResult>>;
    };
    if (previous.quick === quick && previous.sections) kept = previous.sections;
  } catch {
    // An unreadable previous file is replaced.
  }
}
const output = {
  ranAt: new Date(started).toISOString(),
  durationSeconds: Math.round((Date.now() - started) / 1000),
  quick,
  machine,
  loadNote,
  config,
  sections: { ...kept, ...sections },
};
writeFileSync(resultsFile, `${JSON.stringify(output, null, 2)}\n`);
log(`wrote bench-results.json (${output.durationSeconds} s)`);
rmSync(work, { recursive: true, force: true });
