// What the core's thread and the wire's thread say to each other: the wire's thread says it is
// ready, then each request goes with its number, and its answer or its failure comes back under
// the same number. Both ends are Outpost's own code in one process, so the messages are typed,
// not checked.
import type { WireAnswer, WireFailure, WireRequest } from '../core/api/wire';

export interface ToWire {
  id: number;
  request: WireRequest;
}

/** `ready` first, once the thread listens; then the answers. */
export type FromWire =
  { ready: true } | { id: number; answer: WireAnswer } | { id: number; failure: WireFailure };
