// planSync as a table: trigger and engine state in, what the sync does out.
import { describe, expect, it } from 'vitest';
import type { SyncTrigger } from '../../../../src-main/core/ports';
import { planSync, type PlanState } from '../../../../src-main/core/sync/plan';

const NOW = Date.parse('2030-01-01T12:00:00Z');
const base: PlanState = {
  pausedByUser: false,
  systemOffline: false,
  lastFullPullAt: NOW - 60_000,
  lastCheckAt: NOW - 60_000,
  serviceWaitUntil: null,
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

type Light = 'check' | 'no check' | 'skip' | 'full';
// Whether a light sync checks the workspaces for posts that came or went.
const checks: Array<[string, SyncTrigger, Partial<PlanState>, Light]> = [
  ['the interval always checks', 'interval', { lastCheckAt: NOW - 1_000 }, 'check'],
  ['an edit checks when the last check is 15 s old', 'local change', { lastCheckAt: NOW - 15_000 }, 'check'],
  ['an edit moments after a check does not', 'local change', { lastCheckAt: NOW - 14_999 }, 'no check'],
  ['focus moments after a check does not', 'focus', { lastCheckAt: NOW - 5_000 }, 'no check'],
  ['never checked: checks', 'retry or reconcile time', { lastCheckAt: null }, 'check'],
  ['a full sync reads everything: no separate check', 'user', { lastCheckAt: null }, 'full'],
  ['the service asked to wait: the interval waits', 'interval', { serviceWaitUntil: NOW + 1 }, 'skip'],
  ['…and so does a wake-up', 'retry or reconcile time', { serviceWaitUntil: NOW + 1 }, 'skip'],
  ['…not a publish the user asked for', 'publish requested', { serviceWaitUntil: NOW + 1 }, 'check'],
  ['…nor "Sync now"', 'user', { serviceWaitUntil: NOW + 1 }, 'full'],
  ['its time has come: the interval runs', 'interval', { serviceWaitUntil: NOW }, 'check'],
];

describe('planSync: the light sync’s checks', () => {
  it.each(checks)('%s', (_name, trigger, state, want) => {
    const plan = planSync(trigger, { ...base, ...state });
    const got: Light =
      plan.action === 'skip' ? 'skip' : plan.pull === 'full' ? 'full' : plan.check ? 'check' : 'no check';
    expect(got).toBe(want);
  });
});

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
