// The count of the window's commands on their way to the core's thread: one buffer, seen the
// same from both threads, a real worker thread on the other side.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { CommandCount } from '../../../src-main/core-thread/command-count';

describe('CommandCount', () => {
  it('counts a command from posted to taken up, and forgets one that could not be posted', () => {
    const host = new CommandCount();
    const core = new CommandCount(host.buffer);
    expect(core.waiting()).toBe(false);
    host.sent();
    host.sent();
    expect(core.waiting()).toBe(true);
    core.takenUp();
    expect(core.waiting()).toBe(true);
    host.sent();
    host.withdrawn();
    core.takenUp();
    expect(core.waiting()).toBe(false);
  });

  it('is the same count on another thread, which takes off what it takes up', async () => {
    const host = new CommandCount();
    // The other thread reads and takes off through the same cell CommandCount uses.
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const count = new Int32Array(workerData, 0, 1);
       parentPort.on('message', () => {
         const seen = Atomics.load(count, 0);
         Atomics.sub(count, 0, 1);
         parentPort.postMessage(seen);
       });`,
      { eval: true, workerData: host.buffer },
    );
    try {
      const answers: number[] = [];
      const answered = new Promise<void>((resolve) =>
        worker.on('message', (seen: number) => {
          answers.push(seen);
          if (answers.length === 3) resolve();
        }),
      );
      for (let i = 0; i < 3; i++) {
        host.sent();
        worker.postMessage('invoke');
      }
      await answered;
      // Each message found itself on its way, at least: counted before it was posted.
      for (const seen of answers) expect(seen).toBeGreaterThanOrEqual(1);
      expect(host.waiting()).toBe(false);
    } finally {
      await worker.terminate();
    }
  });
});
