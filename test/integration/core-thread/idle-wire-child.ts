// A process that sends one request through the wire's thread and then has nothing left to do:
// it must end by itself (thread-wire.test.ts), as a core's thread or a CLI would.
import { ThreadWire } from '../../../src-main/core-thread/thread-wire';

const wire = new ThreadWire(process.env.WIRE_FILE as string);
const answer = await wire.send({
  method: 'GET',
  url: process.env.WIRE_URL as string,
  headers: {},
  timeoutMs: 5_000,
  maxBodyBytes: 1024 * 1024,
});
process.send?.({ status: answer.status });
process.disconnect?.();
