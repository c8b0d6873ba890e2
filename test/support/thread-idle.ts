// Worker threads seen from outside: which ones a piece of code started, and waiting for one to
// have nothing to do (the event, for a thread with no message of its own to say so, that its
// code has loaded and it waits for what comes next).
import type { EventLoopUtilization } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { vi } from 'vitest';

/** The worker threads `start` made, each once (a new Worker listens for its own events at once). */
export function workersStartedBy<T>(start: () => T): { result: T; workers: Worker[] } {
  const listened = vi.spyOn(Worker.prototype, 'on');
  try {
    const result = start();
    const workers = [...new Set(listened.mock.contexts)].filter((w): w is Worker => w instanceof Worker);
    return { result, workers };
  } finally {
    listened.mockRestore();
  }
}

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
