// A stand-in for the wire's thread that dies when asked to send a request to a path with
// `/die/` in it, and answers every other with an empty list: a thread killed with a request out.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ calls }) => {
  for (const { id, request } of calls) {
    if (request.url.includes('/die/')) process.exit(3);
    parentPort.postMessage({
      outcomes: [{ id, answer: { status: 200, statusText: 'OK', headers: [], text: '[]' } }],
    });
  }
});
parentPort.postMessage({ ready: true });
