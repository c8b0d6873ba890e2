// A stand-in for the wire's thread that dies when asked to send a request to a path with
// `/die/` in it, and answers every other with an empty list: a thread killed with a request out.
// A request may carry `dying`, a SharedArrayBuffer: set to 1 just before the thread dies, so a
// test can know the death is on its way without letting its own event loop run.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ calls }) => {
  for (const { id, request } of calls) {
    if (request.url.includes('/die/')) {
      if (request.dying) {
        const flag = new Int32Array(request.dying);
        Atomics.store(flag, 0, 1);
        Atomics.notify(flag, 0);
      }
      process.exit(3);
    }
    parentPort.postMessage({
      outcomes: [{ id, answer: { status: 200, statusText: 'OK', headers: [], text: '[]' } }],
    });
  }
});
parentPort.postMessage({ ready: true });
