// The window's commands sent to the core's thread and not yet taken up by it, counted in memory
// both threads share. The core's sync reads the count between its steps and, while it is not
// zero, lets the commands through before it goes on (core/give-way.ts): the host's thread adds
// one as it posts a command, the core's thread takes one off as the message arrives.

export class CommandCount {
  /** Handed to the core's thread in its workerData. */
  readonly buffer: SharedArrayBuffer;
  readonly #count: Int32Array;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)) {
    this.buffer = buffer;
    this.#count = new Int32Array(buffer, 0, 1);
  }

  /** The host's thread: a command is about to be posted (`withdrawn` if posting it failed). */
  sent(): void {
    Atomics.add(this.#count, 0, 1);
  }

  withdrawn(): void {
    Atomics.sub(this.#count, 0, 1);
  }

  /** The core's thread: a command's message has arrived. */
  takenUp(): void {
    Atomics.sub(this.#count, 0, 1);
  }

  /** The core's thread: whether a command is on its way. */
  waiting(): boolean {
    return Atomics.load(this.#count, 0) > 0;
  }
}
