// A stand-in for the wire's thread that answers every request with the number of requests each
// message it got so far carried: how the core's thread batches what it sends.
import { parentPort } from 'node:worker_threads';

const sizes = [];
parentPort.on('message', ({ calls }) => {
  sizes.push(calls.length);
  const text = JSON.stringify(sizes);
  const outcomes = calls.map(({ id }) => ({
    id,
    answer: { status: 200, statusText: 'OK', headers: [], text },
  }));
  parentPort.postMessage({ outcomes });
});
parentPort.postMessage({ ready: true });
