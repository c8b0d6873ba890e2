// The shell around the window, wired once the core is open: the sync triggers, the tray,
// notifications, the application menu, and the core's events routed to them. The bridge over IPC
// is bound before (start.ts), so the window can load while the core opens. Stopping it stops new
// work; the tray stays until the quit sequence releases it.
import { join } from 'node:path';
import { Menu, Notification, Tray, app, nativeImage, net, powerMonitor } from 'electron';
import type { BridgeEvent, SettingsView } from '@preload/bridge';
import type { AppCore, Logger } from '../core/ports';
import type { IpcBindings } from './ipc';
import { menuTemplate, type MenuActions } from './menu';
import { createNotifier } from './notifications';
import { startSyncTriggers, type SyncTriggers } from './sync-triggers';
import { createTrayController, type TrayActions, type TrayController, type TrayState } from './tray';
import type { OpenExternal } from './window';
import type { WindowController } from './window-controller';

export interface ShellWiringOptions {
  core: AppCore;
  /** The window's IPC, already bound: the menu's commands go through it. */
  ipc: IpcBindings;
  windows: WindowController;
  /** The folder with the tray's images (resources/ of the app). */
  resourcesDir: string;
  /** The app's icon, shown in notifications. */
  iconPath: string;
  openExternal: OpenExternal;
  logger: Logger;
  syncIntervalMs?: number;
}

export interface ShellWiring {
  triggers: SyncTriggers;
  tray: TrayController | null;
  /** Closing the window hides it in the tray: the setting is on, and there is a tray. */
  closesToTray(): boolean;
  /** Stops new work: the triggers and the routing of the core's events (not the IPC: its owner's). */
  stop(): void;
}

/** The tray icon, or null on a desktop without a tray (the app works without it). */
function createTray(options: ShellWiringOptions, actions: TrayActions): TrayController | null {
  const imageFor = (state: TrayState) =>
    nativeImage.createFromPath(join(options.resourcesDir, 'tray', `tray-${state}.png`));
  try {
    return createTrayController({ Tray, Menu, imageFor, actions }, options.core.status());
  } catch (error) {
    // Some Linux desktops have no tray; close-to-tray then closes.
    options.logger.warn('no system tray available', { error: String(error) });
    return null;
  }
}

/** The application menu: its commands go to the window as menuCommand events. */
function installMenu(ipc: IpcBindings, triggers: SyncTriggers): void {
  const actions: MenuActions = {
    send: (command) => ipc.send({ name: 'menuCommand', data: { command } }),
    syncNow: () => triggers.user(),
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(menuTemplate(process.platform, actions, { devTools: !app.isPackaged })),
  );
}

export async function wireShell(options: ShellWiringOptions): Promise<ShellWiring> {
  const { core, ipc, windows, logger } = options;
  let settings: Pick<SettingsView, 'notifications' | 'closeToTray'> = {
    notifications: true,
    closeToTray: false,
  };
  const current = await core.invoke('settings.get', undefined);
  if (current.ok) settings = current.value;

  const triggers = startSyncTriggers({
    core,
    powerMonitor,
    isOnline: () => net.isOnline(),
    logger,
    intervalMs: options.syncIntervalMs,
  });
  const tray = createTray(options, {
    open: () => windows.show(),
    syncNow: () => triggers.user(),
    pause: () => void core.invoke('sync.pause', undefined),
    resume: () => void core.invoke('sync.resume', undefined),
    quit: () => app.quit(),
  });
  const notifier = createNotifier({
    Notification,
    openExternal: options.openExternal,
    packaged: app.isPackaged,
    enabled: () => settings.notifications,
    focusWindow: () => windows.show(),
    iconPath: options.iconPath,
    onError: (error) => logger.warn('could not open a link', { error: String(error) }),
  });
  installMenu(ipc, triggers);
  const unsubscribe = core.subscribe((event: BridgeEvent) => {
    if (event.name === 'syncStatus') tray?.update(event.data);
    else if (event.name === 'notification') notifier.show(event.data);
    else if (event.name === 'settingsChanged') settings = event.data;
  });

  return {
    triggers,
    tray,
    closesToTray: () => settings.closeToTray && tray !== null,
    stop: () => {
      triggers.stop();
      unsubscribe();
    },
  };
}
