// The machine's load at the start of each measured run, and the paired-run ratios it qualifies.
// On a shared machine a figure means little without the load it was taken under: a run whose
// 1-minute load average exceeds the core count had to wait for a core, and is marked "loaded".
import { cpus, loadavg } from 'node:os';
import { median } from './stats';

export interface LoadSample {
  /** 1-minute load average when the run started. */
  load1m: number;
  cores: number;
  loaded: boolean;
}

export function isLoaded(load1m: number, cores: number): boolean {
  return load1m > cores;
}

export function loadNow(): LoadSample {
  const load1m = Math.round((loadavg()[0] ?? 0) * 100) / 100;
  const cores = cpus().length;
  return { load1m, cores, loaded: isLoaded(load1m, cores) };
}

/** One Outpost run and one bare-client run, back to back under (nearly) the same load. */
export interface Pair {
  outpostMs: number;
  bareMs: number;
  /** CPU time of each client process: what other load moves least. */
  outpostCpuMs?: number;
  bareCpuMs?: number;
  load: LoadSample;
}

export interface PairedRatio {
  /** bare / outpost per pair, in run order (1 = as fast as the bare client). */
  ratios: number[];
  median: number;
  /** The median over the pairs that were not loaded; null when every pair was. */
  medianQuiet: number | null;
  loadedPairs: number;
  /** The median of bare / outpost CPU times, when every pair has them. */
  cpuMedian: number | null;
}

/**
 * The ratio as the median of per-pair ratios: each pair shares its moment's load, so the
 * ratio of a pair is fairer than a ratio of medians taken at different moments.
 */
export function pairedRatio(pairs: readonly Pair[]): PairedRatio {
  const ratios = pairs.map((p) => p.bareMs / p.outpostMs);
  const quiet = pairs.filter((p) => !p.load.loaded).map((p) => p.bareMs / p.outpostMs);
  const cpu = pairs.every((p) => p.outpostCpuMs !== undefined && p.bareCpuMs !== undefined)
    ? pairs.map((p) => (p.bareCpuMs as number) / (p.outpostCpuMs as number))
    : [];
  return {
    ratios,
    median: median(ratios),
    medianQuiet: quiet.length > 0 ? median(quiet) : null,
    loadedPairs: pairs.length - quiet.length,
    cpuMedian: cpu.length > 0 ? median(cpu) : null,
  };
}

/** Two decimals, rounded down: a ratio of 0.797 must not read "0.80" beside "missed". */
export function ratioText(ratio: number): string {
  return (Math.floor(ratio * 100 + 1e-9) / 100).toFixed(2);
}

/** "0.71 (0.70, 0.74 loaded at 2.6, 0.68)": every pair's ratio, loaded ones named. */
export function describePairs(pairs: readonly Pair[]): string {
  const r = pairedRatio(pairs);
  const each = pairs.map((p, i) => {
    const ratio = ratioText(r.ratios[i] as number);
    return p.load.loaded ? `${ratio} loaded at ${p.load.load1m}` : ratio;
  });
  return `${ratioText(r.median)} (${each.join(', ')})`;
}

/**
 * Waits (up to `maxMs`) until the 1-minute load is under the core count: back-to-back runs that
 * keep both cores busy leave the average above it for a while after they end.
 */
export async function loadSettled(maxMs: number): Promise<LoadSample> {
  const until = Date.now() + maxMs;
  let load = loadNow();
  while (load.loaded && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    load = loadNow();
  }
  return load;
}
