import { describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '@preload/bridge';
import { createTrayController, trayMenuTemplate, trayStateFor } from '../../../src-main/desktop-app/tray';
import type { TrayState } from '../../../src-main/desktop-app/tray';
import { idleStatus } from './fake-core';
import { FakeTray } from './fake-electron';

const s = (over: Partial<SyncStatus>): SyncStatus => ({ ...idleStatus, ...over });

describe('trayStateFor', () => {
  it.each<[string, Partial<SyncStatus>, TrayState, RegExp]>([
    ['idle, nothing waiting', {}, 'synced', /synced/],
    ['syncing', { phase: 'syncing', pending: 3 }, 'syncing', /Syncing/],
    ['changes waiting', { pending: 2 }, 'pending', /2 changes waiting/],
    ['one change waiting', { pending: 1 }, 'pending', /1 change waiting/],
    ['paused', { phase: 'paused', pending: 1 }, 'pending', /paused/],
    ['offline phase', { phase: 'offline', online: false, pending: 4 }, 'offline', /Offline, 4 changes/],
    ['network down while idle', { online: false }, 'offline', /Offline/],
    ['not connected', { phase: 'not_connected' }, 'offline', /Not connected/],
    ['needs a token', { phase: 'needs_token', pending: 5 }, 'attention', /token/],
    ['items need the user', { needsAttention: 2, phase: 'syncing' }, 'attention', /2 items need/],
    [
      'attention beats offline',
      { needsAttention: 1, online: false, phase: 'offline' },
      'attention',
      /1 item needs/,
    ],
  ])('%s', (_label, over, state, reason) => {
    const decision = trayStateFor(s(over));
    expect(decision.state).toBe(state);
    expect(decision.reason).toMatch(reason);
  });
});

function actions() {
  return { open: vi.fn(), syncNow: vi.fn(), pause: vi.fn(), resume: vi.fn(), quit: vi.fn() };
}

describe('tray menu', () => {
  it('offers Open, Sync now, Pause and Quit, each doing its job', () => {
    const a = actions();
    const template = trayMenuTemplate(idleStatus, a);
    const labels = template.filter((i) => i.label).map((i) => i.label);
    expect(labels).toEqual(['Open Outpost', 'Sync now', 'Pause sync', 'Quit Outpost']);
    for (const item of template) (item.click as (() => void) | undefined)?.();
    expect(a.open).toHaveBeenCalledOnce();
    expect(a.syncNow).toHaveBeenCalledOnce();
    expect(a.pause).toHaveBeenCalledOnce();
    expect(a.resume).not.toHaveBeenCalled();
    expect(a.quit).toHaveBeenCalledOnce();
  });

  it('offers Resume while paused, with Sync now disabled', () => {
    const a = actions();
    const template = trayMenuTemplate(s({ phase: 'paused' }), a);
    expect(template.find((i) => i.label === 'Sync now')?.enabled).toBe(false);
    (template.find((i) => i.label === 'Resume sync')?.click as () => void)();
    expect(a.resume).toHaveBeenCalledOnce();
  });
});

describe('tray controller', () => {
  it('follows the sync status with one icon per state', () => {
    FakeTray.instances = [];
    const controller = createTrayController(
      {
        Tray: FakeTray as never,
        Menu: { buildFromTemplate: (template) => ({ template }) as never },
        imageFor: (state) => ({ state }) as never,
        actions: actions(),
      },
      idleStatus,
    );
    const tray = FakeTray.instances[0]!;
    expect(tray.images.at(-1)).toEqual({ state: 'synced' });
    controller.update(s({ phase: 'syncing' }));
    expect(controller.state).toBe('syncing');
    expect(tray.images.at(-1)).toEqual({ state: 'syncing' });
    controller.update(s({ pending: 2, online: false, phase: 'offline' }));
    expect(tray.images.at(-1)).toEqual({ state: 'offline' });
    expect(tray.tooltip).toBe('Outpost: Offline, 2 changes waiting');
    controller.update(s({ needsAttention: 1 }));
    expect(tray.images.at(-1)).toEqual({ state: 'attention' });
    controller.update(s({ phase: 'paused' }));
    expect(tray.menu?.template.some((i: { label?: string }) => i.label === 'Resume sync')).toBe(true);
    controller.destroy();
    expect(tray.destroyed).toBe(true);
  });
});
