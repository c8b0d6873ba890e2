// The event-loop delay of the threads of a process over a span: Node's monitorEventLoopDelay
// fires a timer every LOOP_DELAY_RESOLUTION_MS and records how long each turn really took; the
// delay is that time less the period asked for (a thread that is never blocked shows about 0).
// A task that holds the thread for 40 ms shows as one sample of about 40 ms.
//
// The probe (loop-delay-probe.ts, loaded into every thread with `node --import`) measures its
// own thread; `probeThreads` on any thread of the process starts and stops them all over a
// BroadcastChannel and gathers their figures, so a host is measured without changing its code.
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { IntervalHistogram } from 'node:perf_hooks';
import { BroadcastChannel } from 'node:worker_threads';

export const LOOP_DELAY_RESOLUTION_MS = 1;
export const PROBE_CHANNEL = 'outpost-bench-loop-delay';

export interface LoopDelay {
  /** Samples taken (one per timer turn). */
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  resolutionMs: number;
  /** Share of the span the thread spent running code rather than waiting (event-loop utilization). */
  busy: number;
}

/** The figures of a host process: its main thread, and the core's (its one other probed thread). */
export interface HostLoopDelays {
  main: LoopDelay;
  coreThread: LoopDelay;
}

export type ProbeMessage =
  | { probe: 'start' | 'stop' }
  | { probe: 'started'; main: boolean }
  | { probe: 'figures'; main: boolean; loopDelay: LoopDelay };

const delayMs = (ns: number): number => Math.max(0, ns / 1e6 - LOOP_DELAY_RESOLUTION_MS);

export function loopDelayOf(histogram: IntervalHistogram, busy: number): LoopDelay {
  return {
    busy,
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
  let since: EventLoopUtilization = performance.eventLoopUtilization();
  return {
    start() {
      histogram.reset();
      histogram.enable();
      since = performance.eventLoopUtilization();
    },
    stop() {
      histogram.disable();
      return loopDelayOf(histogram, performance.eventLoopUtilization(since).utilization);
    },
  };
}

const WAIT_MS = 10_000;

/**
 * Starts and stops the probes of the process's main thread and its core thread (the one worker
 * started with the probe), and answers their figures. Each answers once its thread is free: a
 * thread busy with a long task answers after it.
 */
export function probeThreads(): { start(): Promise<void>; stop(): Promise<HostLoopDelays> } {
  const channel = new BroadcastChannel(PROBE_CHANNEL);
  channel.unref();
  /** Sends `ask` and resolves with the first answer of each kind of thread. */
  const askBoth = <T extends ProbeMessage & { main: boolean }>(
    ask: ProbeMessage,
    answer: T['probe'],
  ): Promise<{ main: T; worker: T }> =>
    new Promise((resolve, reject) => {
      const got: { main?: T; worker?: T } = {};
      const timer = setTimeout(
        () => reject(new Error(`the loop-delay probes did not answer "${ask.probe}"`)),
        WAIT_MS,
      );
      channel.onmessage = (event: unknown) => {
        const message = (event as { data: ProbeMessage }).data;
        if (message.probe !== answer) return;
        got[(message as T).main ? 'main' : 'worker'] ??= message as T;
        if (got.main && got.worker) {
          clearTimeout(timer);
          resolve({ main: got.main, worker: got.worker });
        }
      };
      channel.postMessage(ask);
    });
  return {
    start: async () => void (await askBoth({ probe: 'start' }, 'started')),
    stop: async () => {
      const figures = await askBoth<Extract<ProbeMessage, { probe: 'figures' }>>(
        { probe: 'stop' },
        'figures',
      );
      channel.close();
      return { main: figures.main.loopDelay, coreThread: figures.worker.loopDelay };
    },
  };
}
