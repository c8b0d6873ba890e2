import { describe, expect, it } from 'vitest';
import { backoffCeilingMs, backoffDelayMs, retryDelayMs } from '../../../../src-main/core/domain/backoff';

const policy = { baseMs: 1_000, capMs: 60_000 };

describe('backoff with full jitter', () => {
  it.each([
    [0, 1, 1_000],
    [1, 1, 2_000],
    [3, 1, 8_000],
    [6, 1, 60_000],
    [40, 1, 60_000],
    [3, 0.5, 4_000],
    [3, 0, 0],
  ])('attempt %i with random %d -> %i ms', (attempt, r, expected) => {
    expect(backoffDelayMs(attempt, policy, () => r)).toBe(Math.floor(expected));
  });

  it('Retry-After wins over the formula, even when it is longer than the cap', () => {
    expect(retryDelayMs(0, 120_000, policy, () => 1)).toBe(120_000);
    expect(retryDelayMs(0, 0, policy, () => 1)).toBe(0);
    expect(retryDelayMs(2, null, policy, () => 1)).toBe(4_000);
  });
});

describe('backoff without jitter', () => {
  it('doubles from the base up to the cap, the ceiling the jittered delay is drawn under', () => {
    const steps = [0, 1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffCeilingMs(attempt, policy));
    expect(steps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(backoffCeilingMs(5, { baseMs: 500, capMs: 8_000 })).toBe(8_000);
  });
});
