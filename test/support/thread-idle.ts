// Waiting for a worker thread to have nothing to do: the event, for a thread with no message of
// its own to say so, that its code has loaded and it waits for what comes next.
import type { EventLoopUtilization } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';

/** Resolves once `worker` has sat idle for 200 ms: its code loaded, it waits for a message. */
export async function idle(worker: Worker): Promise<void> {
  const use = (): EventLoopUtilization => worker.performance.eventLoopUtilization();
  for (let last = use(); ;) {
    await delay(200);
    const now = use();
    const span = worker.performance.eventLoopUtilization(now, last);
    last = now;
    if (span.idle > 150 && span.utilization < 0.02) return;
  }
}
