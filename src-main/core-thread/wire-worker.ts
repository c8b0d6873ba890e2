// The wire's thread: the entry the core's thread starts (thread-wire.ts) to send the service's
// requests and read their answers. Node's HTTP client (its streams, its sockets, the garbage they
// make) then runs here, beside the core's thread instead of in it: the core's thread keeps its
// time for the window's commands and for SQLite, and a pull's next answers are read while it
// stores the last ones. The token crosses in each request's headers, inside this one process, as
// it reached the core's thread; nothing here logs or keeps a request.
import { parentPort } from 'node:worker_threads';
import { asWireFailure, fetchWire, type WireRequest } from '../core/api/wire';
import { Batcher } from '../shared/batcher';
import type { FromWire, ToWire, WireOutcome } from './wire-messages';

if (parentPort === null) throw new Error('The wire thread runs as a worker thread, not as a program.');
const port = parentPort;
const send = fetchWire();
const outcomes = new Batcher<WireOutcome>((list) => port.postMessage({ outcomes: list } satisfies FromWire));

async function answer(id: number, request: WireRequest): Promise<void> {
  try {
    outcomes.add({ id, answer: await send(request) });
  } catch (error) {
    outcomes.add({ id, failure: asWireFailure(error) });
  }
}

port.on('message', (message: ToWire) => {
  for (const call of message.calls) void answer(call.id, call.request);
});
port.postMessage({ ready: true } satisfies FromWire);
