// What the core's thread and the wire's thread say to each other: a request with its number, and
// its answer or its failure under the same number. Both ends are Outpost's own code in one
// process, so the messages are typed, not checked.
import type { WireAnswer, WireFailure, WireRequest } from '../core/api/wire';

export interface ToWire {
  id: number;
  request: WireRequest;
}

export type FromWire = { id: number; answer: WireAnswer } | { id: number; failure: WireFailure };
