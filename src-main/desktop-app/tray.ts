// The tray icon: one image per sync state, and a short menu.
import type { Menu as MenuType, MenuItemConstructorOptions, NativeImage, Tray as TrayType } from 'electron';
import type { SyncStatus } from '@preload/bridge';

export type TrayState = 'synced' | 'syncing' | 'pending' | 'offline' | 'attention';
export const TRAY_STATES: readonly TrayState[] = ['synced', 'syncing', 'pending', 'offline', 'attention'];

export interface TrayDecision {
  state: TrayState;
  /** The tooltip: where things stand, in words. */
  reason: string;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the tray shows for a sync status. What needs the user wins over everything else. */
export function trayStateFor(status: SyncStatus): TrayDecision {
  if (status.phase === 'needs_token')
    return { state: 'attention', reason: 'Outpost needs a new access token' };
  if (status.needsAttention > 0) {
    return {
      state: 'attention',
      reason: `${plural(status.needsAttention, 'item')} need${status.needsAttention === 1 ? 's' : ''} your attention`,
    };
  }
  if (status.phase === 'not_connected') return { state: 'offline', reason: 'Not connected to a service' };
  if (status.phase === 'offline' || !status.online) {
    return {
      state: 'offline',
      reason: status.pending > 0 ? `Offline, ${plural(status.pending, 'change')} waiting` : 'Offline',
    };
  }
  if (status.phase === 'syncing') return { state: 'syncing', reason: 'Syncing…' };
  if (status.phase === 'paused') {
    return {
      state: 'pending',
      reason: status.pending > 0 ? `Sync paused, ${plural(status.pending, 'change')} waiting` : 'Sync paused',
    };
  }
  if (status.pending > 0)
    return { state: 'pending', reason: `${plural(status.pending, 'change')} waiting to sync` };
  return { state: 'synced', reason: 'Everything is synced' };
}

export interface TrayActions {
  open(): void;
  syncNow(): void;
  pause(): void;
  resume(): void;
  quit(): void;
}

export function trayMenuTemplate(
  status: SyncStatus | null,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  const paused = status?.phase === 'paused';
  return [
    { label: 'Open Outpost', click: () => actions.open() },
    { label: 'Sync now', enabled: !paused, click: () => actions.syncNow() },
    paused
      ? { label: 'Resume sync', click: () => actions.resume() }
      : { label: 'Pause sync', click: () => actions.pause() },
    { type: 'separator' },
    { label: 'Quit Outpost', click: () => actions.quit() },
  ];
}

export interface TrayDeps {
  Tray: new (image: NativeImage) => TrayType;
  Menu: Pick<typeof MenuType, 'buildFromTemplate'>;
  /** The image for a state (the composition root loads it from resources/tray). */
  imageFor(state: TrayState): NativeImage;
  actions: TrayActions;
}

export interface TrayController {
  readonly state: TrayState;
  update(status: SyncStatus): void;
  destroy(): void;
}

export function createTrayController(deps: TrayDeps, initial: SyncStatus | null = null): TrayController {
  let decision: TrayDecision = initial ? trayStateFor(initial) : { state: 'synced', reason: 'Outpost' };
  const tray = new deps.Tray(deps.imageFor(decision.state));
  const apply = (status: SyncStatus | null): void => {
    tray.setImage(deps.imageFor(decision.state));
    tray.setToolTip(`Outpost: ${decision.reason}`);
    tray.setContextMenu(deps.Menu.buildFromTemplate(trayMenuTemplate(status, deps.actions)));
  };
  apply(initial);
  // Windows and Linux open the window on a click; macOS shows the menu.
  tray.on('click', () => deps.actions.open());
  return {
    get state() {
      return decision.state;
    },
    update(status) {
      decision = trayStateFor(status);
      apply(status);
    },
    destroy() {
      tray.destroy();
    },
  };
}
