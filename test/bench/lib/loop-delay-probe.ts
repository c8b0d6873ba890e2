// Loaded into the browser host's process before its own code (`node --import <this, bundled>`),
// so the host runs unchanged while its main thread's event-loop delay is measured: the bench
// that started it asks over the process's IPC channel to start and to stop, and gets the
// figures back. The channel does not keep the host alive.
import { watchLoopDelay } from './loop-delay';

const watch = watchLoopDelay();
process.on('message', (message: { probe?: 'start' | 'stop' }) => {
  if (message.probe === 'start') {
    watch.start();
    process.send?.({ probe: 'started' });
  } else if (message.probe === 'stop') {
    process.send?.({ probe: 'stopped', loopDelay: watch.stop() });
  }
});
// After the listener, which would otherwise hold the channel open.
process.channel?.unref();
