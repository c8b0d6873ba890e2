// The wire's thread: the entry the core's thread starts (thread-wire.ts) to send the service's
// requests and read their answers. Node's HTTP client (its streams, its sockets, the garbage they
// make) then runs here, beside the core's thread instead of in it: the core's thread keeps its
// time for the window's commands and for SQLite, and a pull's next answers are read while it
// stores the last ones. The token crosses in each request's headers, inside this one process, as
// it reached the core's thread; nothing here logs or keeps a request.
import { parentPort } from 'node:worker_threads';
import { asWireFailure, fetchWire, type WireRequest } from '../core/api/wire';
import type { FromWire, ToWire } from './wire-messages';

if (parentPort === null) throw new Error('The wire thread runs as a worker thread, not as a program.');
const port = parentPort;
const send = fetchWire();

async function answer(id: number, request: WireRequest): Promise<void> {
  try {
    port.postMessage({ id, answer: await send(request) } satisfies FromWire);
  } catch (error) {
    port.postMessage({ id, failure: asWireFailure(error) } satisfies FromWire);
  }
}

port.on('message', (message: ToWire) => void answer(message.id, message.request));
port.postMessage({ ready: true } satisfies FromWire);
