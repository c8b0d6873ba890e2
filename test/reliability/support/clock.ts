import type { Clock } from '../../../src-main/core/ports';

/**
 * The core's clock, moved by the test: retries wait on the core's own backoff and Retry-After
 * arithmetic, and advancing this clock between sync rounds makes them due without real waiting.
 */
export class ManualClock implements Clock {
  #now: number;

  constructor(start: Date = new Date()) {
    this.#now = start.getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  advance(ms: number): void {
    this.#now += ms;
  }
}
