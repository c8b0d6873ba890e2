import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { startSyncTriggers } from '../../../src-main/desktop-app/sync-triggers';
import { VirtualTime } from '../../support/virtual-time';
import { createFakeCore } from './fake-core';

function setup() {
  const core = createFakeCore();
  const power = new EventEmitter();
  const net = { online: true };
  const clock = new VirtualTime();
  const triggers = startSyncTriggers({
    core,
    powerMonitor: power,
    isOnline: () => net.online,
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    intervalMs: 60_000,
    onlinePollMs: 1_000,
    focusGapMs: 10_000,
    scheduler: clock,
    clock,
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
    expect(clock.pending()).toBe(0);
    power.emit('resume');
    triggers.focus();
    triggers.user();
    expect(core.syncReasons).toEqual(['start', 'user']);
  });

  it('logs a failed sync instead of leaving a rejected promise', async () => {
    const core = createFakeCore();
    const warn = vi.fn();
    core.syncNow = () => Promise.reject(new Error('disk full'));
    const time = new VirtualTime();
    startSyncTriggers({
      core,
      powerMonitor: new EventEmitter(),
      isOnline: () => true,
      logger: { info: vi.fn(), warn, error: vi.fn() },
      scheduler: time,
      clock: time,
    });
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('sync trigger failed', {
        reason: 'start',
        error: 'Error: disk full',
      }),
    );
  });
});
