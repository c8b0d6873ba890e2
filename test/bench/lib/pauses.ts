// Which pause a slow edit paid for: the process's garbage collections (Node's `gc` performance
// entries) matched against the edits' own spans, and, on Linux, where the main thread was while
// it lasted (the kernel's schedstat): on a core, waiting for one, or blocked (I/O, a lock).
import { readFileSync } from 'node:fs';

export interface Span {
  start: number;
  end: number;
}

export interface GcPause {
  start: number;
  durationMs: number;
  /** minor (scavenge), major (mark-compact), incremental (marking steps), weakcb. */
  kind: string;
}

export interface PauseAttribution {
  thresholdMs: number;
  /** Edits that took longer than the threshold. */
  slow: number;
  /** Of those, the ones with at least one collection under them. */
  withGc: number;
  /** Time those collections took inside the slow edits, by kind. */
  gcMsByKind: Record<string, number>;
  /** Collections of any kind during all the edits, and their time. */
  gcCount: number;
  gcMs: number;
}

export function attributePauses(
  edits: readonly Span[],
  gcs: readonly GcPause[],
  thresholdMs = 1,
): PauseAttribution {
  const overlap = (e: Span, g: GcPause): number =>
    Math.max(0, Math.min(e.end, g.start + g.durationMs) - Math.max(e.start, g.start));
  const out: PauseAttribution = { thresholdMs, slow: 0, withGc: 0, gcMsByKind: {}, gcCount: 0, gcMs: 0 };
  const first = edits[0]?.start ?? 0;
  const last = edits[edits.length - 1]?.end ?? 0;
  for (const g of gcs) {
    if (g.start + g.durationMs < first || g.start > last) continue;
    out.gcCount++;
    out.gcMs += g.durationMs;
  }
  for (const e of edits) {
    if (e.end - e.start <= thresholdMs) continue;
    out.slow++;
    const under = gcs.filter((g) => overlap(e, g) > 0);
    if (under.length > 0) out.withGc++;
    for (const g of under) out.gcMsByKind[g.kind] = (out.gcMsByKind[g.kind] ?? 0) + overlap(e, g);
  }
  return out;
}

/** "3 of 5 edits over 1 ms had a collection under them (minor 4.1 ms, major 2 ms)". */
export function pausesText(a: PauseAttribution): string {
  if (a.slow === 0) return `no edit over ${a.thresholdMs} ms`;
  const kinds = Object.entries(a.gcMsByKind)
    .map(([kind, ms]) => `${kind} ${ms.toFixed(1)} ms`)
    .join(', ');
  return `${a.withGc} of ${a.slow} edits over ${a.thresholdMs} ms had a collection under them${kinds === '' ? '' : ` (${kinds})`}`;
}

/**
 * The main thread's scheduler counters (Linux); null elsewhere. The time waiting for a core is
 * counted when the thread gets one back, so it is exact; the time on a core is brought up to
 * date at each scheduler tick (4 ms at 250 Hz), so over a short span it may be off by a tick.
 * The switches are exact counts: a voluntary one is the thread going to sleep in the kernel
 * (a write waiting for the disk, a lock), an involuntary one is it being taken off its core.
 */
export interface ThreadClock {
  runNs: number;
  queueNs: number;
  voluntary: number;
  involuntary: number;
}

const TASK = `/proc/self/task/${process.pid}`;

/** Read before and after a span, outside it: the two reads cost ~20 µs. */
export function mainThreadClock(): ThreadClock | null {
  try {
    const [run, queue] = readFileSync(`${TASK}/schedstat`, 'utf8').split(' ');
    const status = readFileSync(`${TASK}/status`, 'utf8');
    const count = (name: string): number => Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(status)?.[1]);
    return {
      runNs: Number(run),
      queueNs: Number(queue),
      voluntary: count('voluntary_ctxt_switches'),
      involuntary: count('nonvoluntary_ctxt_switches'),
    };
  } catch {
    return null;
  }
}

/** One edit: its wall time, the process's CPU time, and the main thread's own share. */
export interface EditClock extends Span {
  processCpuMs: number;
  before: ThreadClock | null;
  after: ThreadClock | null;
}

export interface WaitAttribution {
  thresholdMs: number;
  slow: number;
  /** Summed over the slow edits. */
  wallMs: number;
  /** The main thread running on a core (Outpost's code, SQLite, V8 on that thread). */
  mainRunMs: number;
  /** The main thread ready but waiting for a core (taken by another thread or process). */
  mainQueueMs: number;
  /** Neither: the thread slept in the kernel (a write waiting for the disk, a lock). */
  mainBlockedMs: number;
  /** The process's other threads on a core meanwhile (V8's compiler and GC helpers). */
  otherThreadsMs: number;
  /** Of the slow edits, those in which the main thread slept in the kernel at least once. */
  slept: number;
  /** Of the slow edits, those in which it was taken off its core at least once. */
  preempted: number;
}

/** Where the slow edits' time went, by the main thread's scheduler counters; null off Linux. */
export function attributeWaits(edits: readonly EditClock[], thresholdMs = 1): WaitAttribution | null {
  const out: WaitAttribution = {
    thresholdMs,
    slow: 0,
    wallMs: 0,
    mainRunMs: 0,
    mainQueueMs: 0,
    mainBlockedMs: 0,
    otherThreadsMs: 0,
    slept: 0,
    preempted: 0,
  };
  for (const e of edits) {
    if (e.before === null || e.after === null) return null;
    const wall = e.end - e.start;
    if (wall <= thresholdMs) continue;
    const run = (e.after.runNs - e.before.runNs) / 1e6;
    const queue = (e.after.queueNs - e.before.queueNs) / 1e6;
    out.slow++;
    out.wallMs += wall;
    out.mainRunMs += run;
    out.mainQueueMs += queue;
    // The counters are read just outside the span: clamp their few µs of overshoot.
    out.mainBlockedMs += Math.max(0, wall - run - queue);
    out.otherThreadsMs += Math.max(0, e.processCpuMs - run);
    if (e.after.voluntary > e.before.voluntary) out.slept++;
    if (e.after.involuntary > e.before.involuntary) out.preempted++;
  }
  return out;
}

/**
 * "6 edits over 1 ms, 9.1 ms: main thread on a core 3.2, waiting for a core 0.4, blocked 5.5
 * (slept in 4, taken off its core in 1); other threads on a core 2.0".
 */
export function waitsText(a: WaitAttribution | null | undefined): string {
  if (a === null || a === undefined) return 'no scheduler counters';
  if (a.slow === 0) return `no edit over ${a.thresholdMs} ms`;
  const f = (v: number): string => v.toFixed(1);
  return `${a.slow} edits over ${a.thresholdMs} ms, ${f(a.wallMs)} ms: main thread on a core ${f(a.mainRunMs)}, waiting for a core ${f(a.mainQueueMs)}, blocked ${f(a.mainBlockedMs)} (slept in ${a.slept}, taken off its core in ${a.preempted}); other threads on a core ${f(a.otherThreadsMs)}`;
}
