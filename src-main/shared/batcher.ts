// What one turn of the event loop has to send, sent as one message at its end: a first pull
// emits an event for every post and variant it stores and a request and an answer for each, and
// a message each kept both ends of every hop busy (the core's thread and the wire's, the host and
// the window). Used wherever they cross: core-thread/, browser-host/event-streams.ts,
// desktop-app/ipc.ts.

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

  /** Drops what is queued (the thread is gone), and answers it: none of it was sent. */
  clear(): T[] {
    if (this.#turn !== null) clearImmediate(this.#turn);
    this.#turn = null;
    const dropped = this.#items;
    this.#items = [];
    return dropped;
  }
}
