// What the core's thread and the wire's thread say to each other: the wire's thread says it is
// ready, then the requests go with their numbers, and each answer or failure comes back under
// its request's number. Each side sends what it has as one message per turn of its event loop
// (`Batcher`): on the two cores of a virtual machine, waking the other thread for a request and
// again for its answer cost about 70 µs of the kernel's time, and a first pull of 50,000 posts
// sent 100,000 such messages.
// Both ends are Outpost's own code in one process, so the messages are typed, not checked.
import type { WireAnswer, WireFailure, WireRequest } from '../core/api/wire';

export interface WireCall {
  id: number;
  request: WireRequest;
}

export type WireOutcome = { id: number; answer: WireAnswer } | { id: number; failure: WireFailure };

export interface ToWire {
  calls: WireCall[];
}

/** `ready` first, once the thread listens; then the outcomes. */
export type FromWire = { ready: true } | { outcomes: WireOutcome[] };

/**
 * Collects what one turn of the event loop has to send and sends it as one list once the turn's
 * I/O is done (setImmediate): the answers that arrived together, the requests they led to.
 */
export class Batcher<T> {
  #items: T[] = [];
  #turn: NodeJS.Immediate | null = null;

  constructor(private readonly sendAll: (items: T[]) => void) {}

  add(item: T): void {
    this.#items.push(item);
    this.#turn ??= setImmediate(() => this.flush());
  }

  flush(): void {
    if (this.#turn !== null) clearImmediate(this.#turn);
    this.#turn = null;
    const items = this.#items;
    this.#items = [];
    if (items.length > 0) this.sendAll(items);
  }

  /** Drops what is queued (the thread is gone). */
  clear(): void {
    if (this.#turn !== null) clearImmediate(this.#turn);
    this.#turn = null;
    this.#items = [];
  }
}
