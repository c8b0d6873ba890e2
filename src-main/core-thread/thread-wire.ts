// The core's side of the wire's thread (wire-worker.ts): a Wire whose requests are sent and read
// on that thread. The thread starts at the first request. If it dies, every request it held
// fails as a broken connection (may have reached the service: the outbox treats the outcome as
// unknown, as for any dropped connection), and the next request starts a new thread.
import { Worker } from 'node:worker_threads';
import { asWireFailure, fromWireFailure, type Wire, type WireAnswer } from '../core/api/wire';
import type { FromWire, ToWire } from './wire-messages';

interface Waiting {
  resolve(answer: WireAnswer): void;
  reject(error: Error): void;
}

export class ThreadWire {
  readonly #file: string | URL;
  #worker: Worker | null = null;
  readonly #waiting = new Map<number, Waiting>();
  #nextId = 1;
  #closed = false;

  constructor(file: string | URL) {
    this.#file = file;
  }

  readonly send: Wire = (request) =>
    new Promise<WireAnswer>((resolve, reject) => {
      if (this.#closed) return reject(fromWireFailure(asWireFailure(null)));
      const id = this.#nextId++;
      this.#waiting.set(id, { resolve, reject });
      this.#thread().postMessage({ id, request } satisfies ToWire);
    });

  /** Ends the thread; a request still out fails as a broken connection. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = null;
    this.#failAll();
    if (worker !== null) await worker.terminate();
  }

  #thread(): Worker {
    if (this.#worker !== null) return this.#worker;
    const worker = new Worker(this.#file, { resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    // Requests in flight keep the core's thread busy enough; an idle wire must not keep it alive.
    worker.unref();
    worker.on('message', (message: FromWire) => {
      const waiting = this.#waiting.get(message.id);
      if (waiting === undefined) return;
      this.#waiting.delete(message.id);
      if ('answer' in message) waiting.resolve(message.answer);
      else waiting.reject(fromWireFailure(message.failure));
    });
    const lost = (): void => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      this.#failAll();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    this.#worker = worker;
    return worker;
  }

  #failAll(): void {
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const w of waiting) w.reject(fromWireFailure(asWireFailure(null)));
  }
}
