// When the engine tries the service again by itself, decided by pure functions over times (epoch
// ms): the status bar's "next try 12:05" is one of these, never a guess.
import type { FailingAnswer } from '../api/answer-watch';

/** However long a service asks to be left alone (Retry-After), Outpost looks again after this. */
export const SERVICE_WAIT_CAP_MS = 30 * 60_000;
/** A wake-up never comes sooner than this after a sync, whatever asked for it. */
export const MIN_WAKE_DELAY_MS = 1_000;

/** Until when light syncs leave the service alone: what its Retry-After asked, capped. */
export function serviceWaitUntil(failing: FailingAnswer | null, now: number): number | null {
  if (failing?.retryAfterMs == null) return null;
  return now + Math.min(SERVICE_WAIT_CAP_MS, failing.retryAfterMs);
}

/** The next tick of a timer set at `from` that fires every `every` ms; null without one. */
export function nextTick(from: number | null, every: number | false, now: number): number | null {
  if (every === false || from === null) return null;
  return from + (Math.floor((now - from) / every) + 1) * every;
}

/** When a wake-up asked for at the earliest of `times` fires (never sooner than a second); null: none asked. */
export function wakeTime(times: ReadonlyArray<number | null>, now: number): number | null {
  const known = times.filter((t): t is number => t !== null && Number.isFinite(t));
  if (known.length === 0) return null;
  return now + Math.max(MIN_WAKE_DELAY_MS, Math.min(...known) - now);
}

/** The first of the engine's own syncs (`at`) that is not before `notBefore`; null: none comes. */
export function nextTry(at: ReadonlyArray<number | null>, notBefore: number | null): number | null {
  const tries = at.filter((t): t is number => t !== null && t >= (notBefore ?? Number.NEGATIVE_INFINITY));
  return tries.length > 0 ? Math.min(...tries) : null;
}

/** While offline, the service is asked (one light request) after 1, 2, 4, 8, 8... seconds. */
export function nextProbeIn(previousMs: number | null): number {
  return previousMs === null ? 1_000 : Math.min(8_000, previousMs * 2);
}
