// planSync as a table: trigger and engine state in, what the sync does out.
import { describe, expect, it } from 'vitest';
import type { SyncTrigger } from '../../../../src-main/core/ports';
import { planSync, type PlanState } from '../../../../src-main/core/sync/plan';

const NOW = Date.parse('2030-01-01T12:00:00Z');
const base: PlanState = {
  pausedByUser: false,
  systemOffline: false,
  lastFullPullAt: NOW - 60_000,
  now: NOW,
  unavailableWorkspaces: 0,
};
const MIN = 60_000;

const rows: Array<[string, SyncTrigger, Partial<PlanState>, 'skip' | 'full' | 'light']> = [
  ['paused by the user: nothing runs', 'user', { pausedByUser: true }, 'skip'],
  ['the OS says offline: nothing runs', 'local change', { systemOffline: true }, 'skip'],
  ['the user asks: a full sync', 'user', {}, 'full'],
  ['start: a full sync', 'start', {}, 'full'],
  ['connected: a full sync', 'connected', {}, 'full'],
  ['back online: a full sync', 'back online', {}, 'full'],
  ['a local change: a light sync', 'local change', {}, 'light'],
  ['the interval: a light sync', 'interval', {}, 'light'],
  ['a publish: a light sync', 'publish requested', {}, 'light'],
  ['never pulled: even a light trigger pulls', 'focus', { lastFullPullAt: null }, 'full'],
  ['last full pull 15 minutes ago: pulls', 'interval', { lastFullPullAt: NOW - 15 * MIN }, 'full'],
  ['last full pull 14 minutes ago: light', 'interval', { lastFullPullAt: NOW - 14 * MIN }, 'light'],
  [
    'a workspace without access, pulled a minute ago: pulls to see it back',
    'local change',
    { unavailableWorkspaces: 1, lastFullPullAt: NOW - MIN },
    'full',
  ],
  [
    'a workspace without access, pulled 30 s ago: light',
    'local change',
    { unavailableWorkspaces: 1, lastFullPullAt: NOW - 30_000 },
    'light',
  ],
];

describe('planSync', () => {
  it.each(rows)('%s', (_name, trigger, state, want) => {
    const plan = planSync(trigger, { ...base, ...state });
    if (want === 'skip') expect(plan.action).toBe('skip');
    else
      expect(plan).toMatchObject({
        action: 'sync',
        pull: want === 'full' ? 'full' : 'none',
        readBeforeWrite: want === 'light',
      });
    expect(plan.reason.length).toBeGreaterThan(0);
  });
});
