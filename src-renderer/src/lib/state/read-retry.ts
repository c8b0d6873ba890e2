// When a read of the post list that failed is made again. A failure that may pass by itself
// (the core starting again, the file held by another program for a moment) is tried again
// after 1 s, then 2, 4 and 8 s, then every 10 s; a refusal of the request itself is not, as
// asking again the same way is refused again.
import type { BridgeErrorCode } from '@preload/bridge';
import { BridgeError } from '../bridge';

const FIRST_MS = 1_000;
const MAX_MS = 10_000;
const REFUSED = new Set<BridgeErrorCode>([
  'invalid_payload',
  'unknown_command',
  'not_found',
  'invalid_state',
  'validation',
]);

export class ReadRetry {
  private waitMs = 0;
  private mayPass = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** A read was shown: the next failure waits the shortest time again. */
  succeeded(): void {
    this.waitMs = 0;
  }

  failed(error: unknown): void {
    this.mayPass = !(error instanceof BridgeError && REFUSED.has(error.code));
  }

  /** The wait before the last failed read is made again (twice the last), or null: not again. */
  nextWait(): number | null {
    if (!this.mayPass) return null;
    this.waitMs = Math.min(Math.max(FIRST_MS, this.waitMs * 2), MAX_MS);
    return this.waitMs;
  }

  /** Runs `again` after the next wait, unless a try is already due or none should be made. */
  later(again: () => void): void {
    if (this.timer !== null) return;
    const wait = this.nextWait();
    if (wait === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      again();
    }, wait);
  }
}
