// The core's side of the wire's thread (wire-worker.ts): a Wire whose requests are sent and read
// on that thread. The thread starts at the first request. If it dies, every request posted to it
// fails as a broken connection (may have reached the service: the outbox treats the outcome as
// unknown, as for any dropped connection); the requests of that turn not yet posted to it never
// left, and go to a new thread, as does the next request.
// A thread that never starts at all (its file missing or unloadable in a package) ran none of the
// requests posted to it: they, and every later request, are sent from this thread instead, so a
// broken build costs the window's smoothness during a sync, never the sync itself.
import { Worker } from 'node:worker_threads';
import {
  asWireFailure,
  fetchWire,
  fromWireFailure,
  type Wire,
  type WireAnswer,
  type WireRequest,
} from '../core/api/wire';
import { Batcher } from '../shared/batcher';
import type { FromWire, ToWire, WireCall } from './wire-messages';

interface Waiting {
  request: WireRequest;
  resolve: (answer: WireAnswer) => void;
  reject: (error: Error) => void;
}

export interface ThreadWireOptions {
  /** Told once if the thread cannot start and requests go from this thread from then on. */
  onNoThread?: (error: unknown) => void;
}

export class ThreadWire {
  readonly #file: string | URL;
  readonly #options: ThreadWireOptions;
  #worker: Worker | null = null;
  /** Set once a thread could not start: requests go out on this thread. */
  #here: Wire | null = null;
  readonly #waiting = new Map<number, Waiting>();
  #nextId = 1;
  #closed = false;
  /** The requests of this turn, posted to the thread together at its end. */
  readonly #calls = new Batcher<WireCall>((calls) => this.#worker?.postMessage({ calls } satisfies ToWire));

  constructor(file: string | URL, options: ThreadWireOptions = {}) {
    this.#file = file;
    this.#options = options;
  }

  readonly send: Wire = (request) => {
    if (this.#closed) return Promise.reject(fromWireFailure(asWireFailure(null)));
    if (this.#here !== null) return this.#here(request);
    return new Promise<WireAnswer>((resolve, reject) => {
      const id = this.#nextId++;
      this.#waiting.set(id, { request, resolve, reject });
      const worker = this.#thread();
      // A request out keeps its process alive, as a socket would; an idle wire keeps nothing alive.
      if (this.#waiting.size === 1) worker.ref();
      this.#calls.add({ id, request });
    });
  };

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
    // Ready once its module has run and it listens: from then on a request given to it may have left.
    let started = false;
    worker.on('message', (message: FromWire) => {
      if ('ready' in message) return void (started = true);
      for (const outcome of message.outcomes) {
        const waiting = this.#waiting.get(outcome.id);
        if (waiting === undefined) continue;
        this.#waiting.delete(outcome.id);
        if ('answer' in outcome) waiting.resolve(outcome.answer);
        else waiting.reject(fromWireFailure(outcome.failure));
      }
      if (this.#waiting.size === 0) worker.unref();
    });
    const lost = (error?: unknown): void => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      if (!started && !this.#closed) return this.#sendHere(error);
      // Still queued for the end of this turn: never posted, so never sent. They are not failed
      // as outcomes unknown (an unknown create is read back, and asked about the second time).
      const queued = this.#calls.clear();
      // Once closed, nothing goes again: they fail with the rest.
      const unposted = this.#closed ? [] : queued;
      const failed = this.#takeWaiting(new Set(unposted.map((call) => call.id)));
      for (const w of failed) w.reject(fromWireFailure(asWireFailure(null)));
      if (unposted.length === 0) return;
      this.#thread().ref();
      for (const call of unposted) this.#calls.add(call);
    };
    worker.on('error', lost);
    worker.on('exit', () => lost());
    // Unref'd after the listeners, which would otherwise take the reference again; send() refs
    // it while requests are out.
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  /** The thread never ran: what it was given never left, so it goes from here, as all that follows. */
  #sendHere(error: unknown): void {
    const here = fetchWire();
    this.#here = here;
    this.#calls.clear();
    this.#options.onNoThread?.(error);
    for (const w of this.#takeWaiting()) here(w.request).then(w.resolve, w.reject);
  }

  #failAll(): void {
    this.#calls.clear();
    for (const w of this.#takeWaiting()) w.reject(fromWireFailure(asWireFailure(null)));
  }

  /** Every request still waiting for the thread, but those of `keep`, no longer waiting. */
  #takeWaiting(keep: ReadonlySet<number> = new Set()): Waiting[] {
    const taken: Waiting[] = [];
    for (const [id, waiting] of this.#waiting) {
      if (keep.has(id)) continue;
      this.#waiting.delete(id);
      taken.push(waiting);
    }
    return taken;
  }
}
