// The peak resident size of a measured process, not only its size at the end. On Linux the
// kernel keeps the high-water mark (VmHWM) exactly, and it can be reset to the current size
// when a phase starts; a 50 ms sampler runs beside it as a cross-check and for other systems
// (a sampler misses a spike shorter than its period, or one that happens while the event loop
// is busy).
import { readFileSync, writeFileSync } from 'node:fs';

/** The VmHWM line of /proc/<pid>/status, in bytes; null when absent. */
export function parseVmHwm(status: string): number | null {
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

function readVmHwm(): number | null {
  try {
    return parseVmHwm(readFileSync('/proc/self/status', 'utf8'));
  } catch {
    return null;
  }
}

export interface PeakWatch {
  /** Stops the sampler; the peak since `watchPeakRss` was called. */
  stop(): { peakBytes: number; sampledPeakBytes: number; source: 'VmHWM' | 'sampled' };
}

export function watchPeakRss(periodMs = 50): PeakWatch {
  // "5" resets the high-water mark to the current size (Linux >= 4.0), so the peak is this
  // phase's, not the process's whole life.
  let hwmReset = false;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    hwmReset = true;
  } catch {
    // Not Linux, or not allowed: the sampler alone.
  }
  let sampled = process.memoryUsage.rss();
  const timer = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage.rss());
  }, periodMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sampled = Math.max(sampled, process.memoryUsage.rss());
      const hwm = hwmReset ? readVmHwm() : null;
      return hwm === null
        ? { peakBytes: sampled, sampledPeakBytes: sampled, source: 'sampled' }
        : { peakBytes: Math.max(hwm, sampled), sampledPeakBytes: sampled, source: 'VmHWM' };
    },
  };
}

export interface MemorySample {
  /** Milliseconds since the watch started. */
  atMs: number;
  rssBytes: number;
  /** Resident anonymous memory (the heaps, V8's and native) and file-backed pages (code, maps). */
  rssAnonBytes: number | null;
  rssFileBytes: number | null;
  heapUsedBytes: number;
  heapTotalBytes: number;
  /** Memory V8 knows of outside its heap (buffers), and array buffers among it. */
  externalBytes: number;
  arrayBuffersBytes: number;
  /** What the process was doing: the caller's label (for the pull, its last request's path). */
  label: string;
}

/** `RssAnon` and `RssFile` of /proc/self/status, in bytes; null when absent. */
export function parseRssParts(status: string): { anon: number | null; file: number | null } {
  const field = (name: string): number | null => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB$`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : null;
  };
  return { anon: field('RssAnon'), file: field('RssFile') };
}

/**
 * Samples the process's memory every `periodMs` until stopped: where a peak comes from (V8's
 * heap, buffers, or native memory such as SQLite's page cache) and in which phase.
 */
export function watchMemoryTimeline(periodMs: number, label: () => string): { stop(): MemorySample[] } {
  const samples: MemorySample[] = [];
  const t0 = performance.now();
  const take = (): void => {
    const usage = process.memoryUsage();
    let parts: { anon: number | null; file: number | null } = { anon: null, file: null };
    try {
      parts = parseRssParts(readFileSync('/proc/self/status', 'utf8'));
    } catch {
      // Not Linux: the totals alone.
    }
    samples.push({
      atMs: Math.round(performance.now() - t0),
      rssBytes: usage.rss,
      rssAnonBytes: parts.anon,
      rssFileBytes: parts.file,
      heapUsedBytes: usage.heapUsed,
      heapTotalBytes: usage.heapTotal,
      externalBytes: usage.external,
      arrayBuffersBytes: usage.arrayBuffers,
      label: label(),
    });
  };
  take();
  const timer = setInterval(take, periodMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}
