// The bench's pure helpers: the figures the README shows are only as good as this arithmetic.
import { describe, expect, it } from 'vitest';
import { describePairs, isLoaded, pairedRatio, ratioText, type Pair } from '../../bench/lib/load';
import { growsNoFasterThanPosts, growthExponent, growthSvg, perPost } from '../../bench/lib/growth';
import { parseRssParts, parseVmHwm } from '../../bench/lib/memory';
import { capacity } from '../../bench/lib/capacity';
import { median } from '../../bench/lib/stats';
import {
  attributePauses,
  attributeWaits,
  mainThreadClock,
  pausesText,
  waitsText,
} from '../../bench/lib/pauses';
import { kindOf, summarizeProfile, type CpuProfile } from '../../bench/lib/profile-summary';

const pair = (bareMs: number, outpostMs: number, load1m: number): Pair => ({
  bareMs,
  outpostMs,
  load: { load1m, cores: 2, loaded: isLoaded(load1m, 2) },
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('load marking', () => {
  it('marks a run loaded only when the load exceeds the cores', () => {
    expect(isLoaded(2, 2)).toBe(false);
    expect(isLoaded(2.01, 2)).toBe(true);
    expect(isLoaded(0.3, 2)).toBe(false);
  });
});

describe('paired ratio', () => {
  it('is the median of per-pair bare/outpost ratios, with the quiet pairs apart', () => {
    const r = pairedRatio([pair(80, 100, 0.5), pair(60, 100, 3.1), pair(70, 100, 1)]);
    expect(r.ratios).toEqual([0.8, 0.6, 0.7]);
    expect(r.median).toBeCloseTo(0.7);
    expect(r.medianQuiet).toBeCloseTo(0.75);
    expect(r.loadedPairs).toBe(1);
  });

  it('gives the CPU-time ratio when every pair has CPU times', () => {
    const pairs = [pair(80, 100, 0.5), pair(60, 100, 3.1)];
    expect(pairedRatio(pairs).cpuMedian).toBeNull();
    const withCpu = pairs.map((p, i) => ({ ...p, bareCpuMs: 50 + i * 10, outpostCpuMs: 100 }));
    expect(pairedRatio(withCpu).cpuMedian).toBeCloseTo(0.55);
  });

  it('has no quiet median when every pair was loaded', () => {
    expect(pairedRatio([pair(50, 100, 4)]).medianQuiet).toBeNull();
  });

  it('rounds ratios down, so a missed goal never reads as met', () => {
    expect(ratioText(0.797)).toBe('0.79');
    expect(ratioText(0.8)).toBe('0.80');
    expect(ratioText(0.29)).toBe('0.29');
    expect(ratioText(1.234)).toBe('1.23');
  });

  it('names the loaded pairs', () => {
    expect(describePairs([pair(80, 100, 0.5), pair(60, 100, 3.1), pair(70, 100, 1)])).toBe(
      '0.70 (0.80, 0.60 loaded at 3.1, 0.70)',
    );
  });
});

describe('growth', () => {
  const linear = [
    { posts: 1000, value: 10 },
    { posts: 10000, value: 100 },
    { posts: 50000, value: 500 },
  ];
  it('gives the cost per post', () => {
    expect(perPost(linear)).toEqual([0.01, 0.01, 0.01]);
  });

  it('fits the slope on log-log axes', () => {
    expect(growthExponent(linear)).toBeCloseTo(1);
    expect(growthExponent(linear.map((p) => ({ ...p, value: 7 })))).toBeCloseTo(0);
    expect(growthExponent(linear.map((p) => ({ ...p, value: p.posts ** 2 })))).toBeCloseTo(2);
    expect(growthExponent([{ posts: 1000, value: 1 }])).toBeNull();
    expect(growthExponent([...linear, { posts: 2, value: 0 }])).toBeNull();
  });

  it('tolerates noise around linear but not faster growth', () => {
    expect(
      growsNoFasterThanPosts(linear.map((p, i) => ({ ...p, value: p.value * (i === 2 ? 1.5 : 1) }))),
    ).toBe(true);
    expect(growsNoFasterThanPosts(linear.map((p) => ({ ...p, value: p.posts ** 1.5 })))).toBe(false);
  });

  it('draws each metric, the linear reference and escaped labels', () => {
    const svg = growthSvg(
      [
        { key: 'a', label: 'pull <time>', unit: 'ms', points: linear },
        { key: 'b', label: 'first list', unit: 'ms', points: linear.map((p) => ({ ...p, value: 5 })) },
      ],
      'Growth & cost',
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('Growth &amp; cost');
    expect(svg).toContain('pull &lt;time&gt; (slope 1.00)');
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg).toContain('stroke-dasharray');
    expect(svg).not.toContain('NaN');
  });
});

describe('VmHWM', () => {
  it('reads the high-water mark in bytes', () => {
    expect(parseVmHwm('Name:\tnode\nVmPeak:\t  900 kB\nVmHWM:\t  123456 kB\nVmRSS:\t 1 kB\n')).toBe(
      123456 * 1024,
    );
    expect(parseVmHwm('Name:\tnode\n')).toBeNull();
  });

  it('reads the anonymous and file-backed parts of the resident size', () => {
    const status = 'VmRSS:\t  300 kB\nRssAnon:\t  200 kB\nRssFile:\t   90 kB\nRssShmem:\t  10 kB\n';
    expect(parseRssParts(status)).toEqual({ anon: 200 * 1024, file: 90 * 1024 });
    expect(parseRssParts('Name:\tnode\n')).toEqual({ anon: null, file: null });
  });
});

describe('CPU profile summary', () => {
  // root ─ runPost (push-child.mjs) ─ executeQuery (kysely's sqlite driver)
  //      ─ (idle)
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, children: [2, 4] },
      {
        id: 2,
        callFrame: { functionName: 'runPost', url: 'file:///out/bench/push-child.mjs', lineNumber: 9 },
        children: [3],
      },
      {
        id: 3,
        callFrame: {
          functionName: 'executeQuery',
          url: 'file:///kysely/dist/esm/dialect/sqlite/sqlite-driver.js',
          lineNumber: 59,
        },
      },
      { id: 4, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
    ],
    startTime: 0,
    // idle (before the window), runPost, executeQuery, idle (inside), idle (after the window)
    samples: [4, 2, 3, 4, 3, 4],
    timeDeltas: [1000, 1000, 3000, 2000, 1000, 5000],
  };

  it('sums self time by kind of work over the window its functions were on the stack', () => {
    const s = summarizeProfile(profile, /^runPost$/);
    // From the runPost sample (t = 2 ms) to the last sample under it (executeQuery at t = 8 ms).
    expect(s.windowMs).toBe(6);
    expect(s.byKind).toEqual([
      { kind: 'SQLite (better-sqlite3, native)', ms: 4, share: 4 / 7 },
      { kind: 'idle (waiting for the service)', ms: 2, share: 2 / 7 },
      { kind: 'Outpost (core code)', ms: 1, share: 1 / 7 },
    ]);
  });

  it('tells the kinds apart by where the code lives', () => {
    expect(
      kindOf({ functionName: 'compileQuery', url: 'file:///node_modules/kysely/dist/esm/x.js' }),
    ).toMatch(/^Kysely/);
    expect(kindOf({ functionName: 'fetch', url: 'node:internal/deps/undici/undici' })).toMatch(/^fetch/);
    expect(kindOf({ functionName: 'writev', url: '' })).toMatch(/^socket writes/);
    expect(kindOf({ functionName: '(garbage collector)', url: '' })).toBe('garbage collection');
    expect(kindOf({ functionName: 'parse', url: 'file:///node_modules/zod/v4/core/schemas.js' })).toMatch(
      /^zod/,
    );
  });
});

describe('capacity', () => {
  it('bounds the ratio by all the CPU time of a run spread over the cores', () => {
    // Bare: 4 s of wall, 4 s client CPU, 3 s service CPU: 1.75 cores busy. Outpost needs 7 s of
    // CPU for the same requests: with the service's 3 s, 10 s over 2 cores is at least 5 s.
    const c = capacity({
      cores: 2,
      bare: { wallMs: 4000, cpuMs: 4000, serviceCpuMs: 3000 },
      outpostCpuMs: 7000,
    });
    expect(c.busyCoresBare).toBeCloseTo(1.75);
    expect(c.ratioCeiling).toBeCloseTo(0.8);
    // CPU to spare: the cores do not bind, only the event loop could.
    expect(
      capacity({ cores: 2, bare: { wallMs: 4000, cpuMs: 3000, serviceCpuMs: 1000 }, outpostCpuMs: 4000 })
        .ratioCeiling,
    ).toBe(1);
  });
});

describe('pause attribution', () => {
  it('counts the slow edits a collection fell under, and the time it took inside them, by kind', () => {
    const edits = [
      { start: 0, end: 0.5 },
      { start: 10, end: 13 },
      { start: 20, end: 22 },
    ];
    const gcs = [
      { start: 0.1, durationMs: 0.2, kind: 'minor' },
      { start: 12, durationMs: 2, kind: 'major' },
      { start: 50, durationMs: 1, kind: 'minor' },
    ];
    const a = attributePauses(edits, gcs, 1);
    expect(a).toEqual({
      thresholdMs: 1,
      slow: 2,
      withGc: 1,
      gcMsByKind: { major: 1 },
      gcCount: 2,
      gcMs: 2.2,
    });
    expect(pausesText(a)).toBe('1 of 2 edits over 1 ms had a collection under them (major 1.0 ms)');
    expect(pausesText(attributePauses([{ start: 0, end: 0.2 }], gcs))).toBe('no edit over 1 ms');
  });

  it('splits the slow edits between the main thread on a core, waiting for one and blocked', () => {
    const clock = (runMs: number, queueMs: number, voluntary = 0, involuntary = 0) => ({
      runNs: runMs * 1e6,
      queueNs: queueMs * 1e6,
      voluntary,
      involuntary,
    });
    const edits = [
      // Fast: left out.
      { start: 0, end: 0.4, processCpuMs: 0.4, before: clock(0, 0), after: clock(0.4, 0) },
      // 3 ms: 1 on a core, 1.5 waiting for one (other threads had both cores: 4 ms of theirs).
      { start: 1, end: 4, processCpuMs: 5, before: clock(0.4, 0), after: clock(1.4, 1.5, 0, 2) },
      // 2 ms: 0.5 on a core, the rest asleep in the kernel (a write waiting for the disk).
      { start: 5, end: 7, processCpuMs: 0.5, before: clock(1.4, 1.5, 0, 2), after: clock(1.9, 1.5, 1, 2) },
    ];
    const a = attributeWaits(edits, 1);
    expect(a).not.toBeNull();
    expect([a?.slow, a?.wallMs, a?.mainRunMs, a?.mainQueueMs]).toEqual([2, 5, 1.5, 1.5]);
    expect(a?.mainBlockedMs).toBeCloseTo(2);
    expect(a?.otherThreadsMs).toBeCloseTo(4);
    expect([a?.slept, a?.preempted]).toEqual([1, 1]);
    expect(waitsText(a)).toBe(
      '2 edits over 1 ms, 5.0 ms: main thread on a core 1.5, waiting for a core 1.5, blocked 2.0 (slept in 1, taken off its core in 1); other threads on a core 4.0',
    );
    // Without the counters (not Linux), nothing is made up.
    expect(attributeWaits([{ ...edits[1]!, before: null }])).toBeNull();
    expect(waitsText(null)).toBe('no scheduler counters');
  });

  it("reads the main thread's counters on Linux, and they only grow", () => {
    const before = mainThreadClock();
    if (process.platform !== 'linux') {
      expect(before).toBeNull();
      return;
    }
    let x = 0;
    for (let i = 0; i < 2_000_000; i++) x += i;
    const after = mainThreadClock();
    expect(x).toBeGreaterThan(0);
    expect(after!.runNs).toBeGreaterThan(before!.runNs);
    expect(after!.queueNs).toBeGreaterThanOrEqual(before!.queueNs);
    expect(Number.isInteger(before!.voluntary) && Number.isInteger(before!.involuntary)).toBe(true);
    expect(after!.voluntary + after!.involuntary).toBeGreaterThanOrEqual(
      before!.voluntary + before!.involuntary,
    );
  });
});
