// Retry timing: capped exponential backoff with full jitter, and the service's Retry-After
// when it gives one (it knows its own load better than any formula here).

export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 5 * 60_000 };

/**
 * The exponential step without jitter: min(cap, base * 2^attempt). A lone poller (the CLI
 * waiting on its own outbox) has no crowd to spread out, so it waits exactly this long.
 */
export function backoffCeilingMs(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
}

/** Full jitter: uniform in [0, backoffCeilingMs(attempt)]. `attempt` counts from 0. */
export function backoffDelayMs(
  attempt: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random = Math.random,
): number {
  return Math.floor(random() * backoffCeilingMs(attempt, policy));
}

/** How long to wait before the next attempt; Retry-After wins when present. */
export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | null,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random = Math.random,
): number {
  if (retryAfterMs !== null && retryAfterMs >= 0) return retryAfterMs;
  return backoffDelayMs(attempt, policy, random);
}
