// The re-reads' budget: however often syncs run, the variant reads they spend stay within their
// share a minute, with at most one sync's worth saved up.
import { describe, expect, it } from 'vitest';
import { REREADS_AT_ONCE, REREADS_PER_MINUTE, RereadBudget } from '../../../../src-main/core/sync/reread';
import { checkedLine } from '@preload/words/status';
import type { SyncStatus } from '@preload/bridge';

describe('RereadBudget', () => {
  it('starts with one sync’s worth and grows back at its rate, never past it', () => {
    const budget = new RereadBudget();
    expect(budget.available(0)).toBe(REREADS_AT_ONCE);
    budget.spend(REREADS_AT_ONCE);
    expect(budget.available(0)).toBe(0);
    expect(budget.available(30_000)).toBe(Math.floor(REREADS_PER_MINUTE / 2));
    expect(budget.available(3_600_000)).toBe(REREADS_AT_ONCE);
  });

  it('spends no more than its rate over an hour of syncs every second', () => {
    const budget = new RereadBudget();
    let spent = 0;
    for (let t = 0; t <= 3_600_000; t += 1_000) {
      const n = budget.available(t);
      budget.spend(n);
      spent += n;
    }
    expect(spent).toBeLessThanOrEqual(REREADS_AT_ONCE + 60 * REREADS_PER_MINUTE);
    expect(spent).toBeGreaterThanOrEqual(60 * REREADS_PER_MINUTE - 1);
  });
});

describe('checkedLine', () => {
  const status = (patch: Partial<SyncStatus>): SyncStatus =>
    ({
      phase: 'idle',
      lastReadAt: '2030-01-01T09:00:00.000Z',
      checked: {
        onScreen: '2030-01-01T09:00:00.000Z',
        nextWeek: null,
        everything: '2030-01-01T08:50:00.000Z',
      },
      ...patch,
    }) as SyncStatus;
  const hhmm = (iso: string) => iso.slice(11, 16);

  it('says when each part was last checked, and "not yet" for a part with a post never read', () => {
    expect(checkedLine(status({}), hhmm)).toBe(
      'Checked: on screen 09:00, next 7 days not yet, everything 08:50',
    );
  });

  it('says nothing before the service was read, or when not connected', () => {
    expect(checkedLine(status({ lastReadAt: null }), hhmm)).toBeNull();
    expect(checkedLine(status({ phase: 'not_connected' }), hhmm)).toBeNull();
  });
});
