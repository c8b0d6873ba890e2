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
