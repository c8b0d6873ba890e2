// The event-loop delay of one thread over a span: Node's monitorEventLoopDelay fires a timer
// every LOOP_DELAY_RESOLUTION_MS and records how long each turn really took; the delay is that
// time less the period asked for (a thread that is never blocked shows about 0). A task that
// holds the thread for 40 ms shows as one sample of about 40 ms.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export const LOOP_DELAY_RESOLUTION_MS = 1;

export interface LoopDelay {
  /** Samples taken (one per timer turn). */
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  resolutionMs: number;
}

const delayMs = (ns: number): number => Math.max(0, ns / 1e6 - LOOP_DELAY_RESOLUTION_MS);

export function loopDelayOf(histogram: IntervalHistogram): LoopDelay {
  return {
    samples: histogram.count,
    p50Ms: delayMs(histogram.percentile(50)),
    p99Ms: delayMs(histogram.percentile(99)),
    maxMs: delayMs(histogram.max),
    resolutionMs: LOOP_DELAY_RESOLUTION_MS,
  };
}

/** Measures the calling thread's loop from `start()` to `stop()`. */
export function watchLoopDelay(): { start(): void; stop(): LoopDelay } {
  const histogram = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
  return {
    start() {
      histogram.reset();
      histogram.enable();
    },
    stop() {
      histogram.disable();
      return loopDelayOf(histogram);
    },
  };
}
