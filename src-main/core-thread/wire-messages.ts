// What the core's thread and the wire's thread say to each other: the wire's thread says it is
// ready, then the requests go with their numbers, and each answer or failure comes back under
// its request's number. Each side sends what it has as one message per turn of its event loop
// (`shared/batcher.ts`): on the two cores of a virtual machine, waking the other thread for a request and
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
