// Loaded into every thread of a measured process before its own code (`node --import <this,
// bundled>`; a worker inherits it), so the host runs unchanged while each thread's event-loop
// delay is measured: on the BroadcastChannel, `start` and `stop` (from probeThreads) start the
// thread's measure and answer its figures. In the browser host's process, started by the bench
// with BENCH_LOOP_PROBE_IPC=1, the main thread also takes the bench's start and stop over the
// process's IPC channel, and sends back every thread's figures.
import { BroadcastChannel, isMainThread, workerData } from 'node:worker_threads';
import { PROBE_CHANNEL, probeThreads, watchLoopDelay, type ProbeMessage } from './loop-delay';

/** The core's thread is the worker given a data folder; the wire's thread (no data) is not measured. */
const measured = isMainThread || (workerData as { dataDir?: unknown } | undefined)?.dataDir !== undefined;
const watch = watchLoopDelay();
const channel = new BroadcastChannel(PROBE_CHANNEL);
channel.unref();
if (measured)
  channel.onmessage = (event: unknown) => {
    const message = (event as { data: ProbeMessage }).data;
    const answer = (reply: ProbeMessage): void => channel.postMessage(reply);
    if (message.probe === 'start') {
      watch.start();
      answer({ probe: 'started', main: isMainThread });
    } else if (message.probe === 'stop') {
      answer({ probe: 'figures', main: isMainThread, loopDelay: watch.stop() });
    }
  };

if (isMainThread && process.env.BENCH_LOOP_PROBE_IPC === '1') {
  let threads: ReturnType<typeof probeThreads> | null = null;
  process.on('message', (message: { probe?: 'start' | 'stop' }) => {
    if (message.probe === 'start') {
      threads = probeThreads();
      void threads.start().then(() => process.send?.({ probe: 'started' }));
    } else if (message.probe === 'stop' && threads) {
      void threads.stop().then((loopDelays) => process.send?.({ probe: 'stopped', loopDelays }));
    }
  });
  // After the listener, which would otherwise hold the channel open.
  process.channel?.unref();
}
