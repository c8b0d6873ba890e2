import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { startSyncTriggers } from '../../../src-main/sync-triggers';
import type { Timers } from '../../../src-main/sync-triggers';
import { createFakeCore } from './fake-core';

function manualTimers() {
  const intervals = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  let now = 0;
  const timers: Timers = {
    setInterval: (fn, ms) => {
      intervals.set(next, { fn, ms });
      return next++;
    },
    clearInterval: (handle) => intervals.delete(handle as number),
    now: () => now,
  };
  /** Moves the clock and fires each interval as many times as it would have. */
  const advance = (ms: number) => {
    const end = now + ms;
    for (const { fn, ms: every } of [...intervals.values()]) {
      for (let t = Math.floor(now / every) * every + every; t <= end; t += every) fn();
    }
    now = end;
  };
  return { timers, advance, intervals };
}

function setup() {
  const core = createFakeCore();
  const power = new EventEmitter();
  const net = { online: true };
  const clock = manualTimers();
  const triggers = startSyncTriggers({
    core,
    powerMonitor: power,
    isOnline: () => net.online,
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    intervalMs: 60_000,
    onlinePollMs: 1_000,
    focusGapMs: 10_000,
    timers: clock.timers,
  });
  return { core, power, net, clock, triggers };
}

describe('sync triggers', () => {
  it('syncs at start and reports the network state', () => {
    const { core } = setup();
    expect(core.syncReasons).toEqual(['start']);
    expect(core.onlineReports).toEqual([true]);
  });

  it('syncs on resume from sleep', () => {
    const { core, power } = setup();
    power.emit('resume');
    expect(core.syncReasons).toEqual(['start', 'resume']);
  });

  it('reports going offline, and syncs when the network comes back', () => {
    const { core, net, clock } = setup();
    net.online = false;
    clock.advance(1_000);
    expect(core.onlineReports).toEqual([true, false]);
    clock.advance(5_000);
    expect(core.onlineReports).toEqual([true, false]);
    net.online = true;
    clock.advance(1_000);
    expect(core.onlineReports).toEqual([true, false, true]);
    expect(core.syncReasons).toEqual(['start', 'online']);
  });

  it('syncs on the interval', () => {
    const { core, clock } = setup();
    clock.advance(180_000);
    expect(core.syncReasons.filter((r) => r === 'interval')).toHaveLength(3);
  });

  it('syncs on focus, at most once per gap', () => {
    const { core, triggers, clock } = setup();
    triggers.focus();
    triggers.focus();
    clock.advance(5_000);
    triggers.focus();
    expect(core.syncReasons).toEqual(['start', 'focus']);
    clock.advance(6_000);
    triggers.focus();
    expect(core.syncReasons).toEqual(['start', 'focus', 'focus']);
  });

  it('syncs when the user asks, and stops everything on stop', () => {
    const { core, triggers, clock, power } = setup();
    triggers.user();
    expect(core.syncReasons).toEqual(['start', 'user']);
    triggers.stop();
    expect(clock.intervals.size).toBe(0);
    power.emit('resume');
    triggers.focus();
    triggers.user();
    expect(core.syncReasons).toEqual(['start', 'user']);
  });

  it('logs a failed sync instead of leaving a rejected promise', async () => {
    const core = createFakeCore();
    const warn = vi.fn();
    core.syncNow = () => Promise.reject(new Error('disk full'));
    const { timers } = manualTimers();
    startSyncTriggers({
      core,
      powerMonitor: new EventEmitter(),
      isOnline: () => true,
      logger: { info: vi.fn(), warn, error: vi.fn() },
      timers,
    });
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('sync trigger failed', {
        reason: 'start',
        error: 'Error: disk full',
      }),
    );
  });
});
