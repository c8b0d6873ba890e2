// The application menu: standard roles, plus Outpost's own commands with their shortcuts. The
// commands that act in the window travel to it as `menuCommand` events.
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '@preload/bridge';

export interface MenuActions {
  /** Sends a `menuCommand` event to the window. */
  send(command: MenuCommand): void;
  syncNow(): void;
}

export const MENU_SHORTCUTS: Readonly<Record<MenuCommand, string>> = {
  'new-post': 'CmdOrCtrl+N',
  'import-posts': 'CmdOrCtrl+O',
  'export-posts': 'CmdOrCtrl+Shift+E',
  search: 'CmdOrCtrl+F',
  sync: 'CmdOrCtrl+R',
  'next-variant': 'CmdOrCtrl+]',
  'previous-variant': 'CmdOrCtrl+[',
  schedule: 'CmdOrCtrl+Shift+S',
  settings: 'CmdOrCtrl+,',
};

export function menuTemplate(
  platform: NodeJS.Platform,
  actions: MenuActions,
  options: { devTools: boolean },
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const send = (command: MenuCommand) => () => actions.send(command);
  const settingsItem: MenuItemConstructorOptions = {
    label: mac ? 'Settings…' : 'Settings',
    accelerator: MENU_SHORTCUTS.settings,
    click: send('settings'),
  };
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: 'Outpost',
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        settingsItem,
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push({
    label: '&File',
    submenu: [
      { label: 'New Post', accelerator: MENU_SHORTCUTS['new-post'], click: send('new-post') },
      { type: 'separator' },
      // The window reads the file (a chooser, a drop or a paste) and shows every row first.
      { label: 'Import Posts…', accelerator: MENU_SHORTCUTS['import-posts'], click: send('import-posts') },
      { label: 'Export Posts…', accelerator: MENU_SHORTCUTS['export-posts'], click: send('export-posts') },
      { type: 'separator' },
      // Sync runs in the main process; the window hears about it through syncStatus events.
      { label: 'Sync Now', accelerator: MENU_SHORTCUTS.sync, click: () => actions.syncNow() },
      {
        label: 'Sync Now',
        accelerator: 'Shift+CmdOrCtrl+Y',
        visible: false,
        acceleratorWorksWhenHidden: true,
        click: () => actions.syncNow(),
      },
      ...(mac
        ? []
        : ([
            { type: 'separator' },
            settingsItem,
            { type: 'separator' },
            { role: 'quit' },
          ] as MenuItemConstructorOptions[])),
      ...(mac ? ([{ type: 'separator' }, { role: 'close' }] as MenuItemConstructorOptions[]) : []),
    ],
  });
  template.push({
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? ([{ role: 'pasteAndMatchStyle' }] as MenuItemConstructorOptions[]) : []),
      { role: 'delete' },
      { role: 'selectAll' },
      { type: 'separator' },
      { label: 'Find', accelerator: MENU_SHORTCUTS.search, click: send('search') },
    ],
  });
  template.push({
    label: '&Post',
    submenu: [
      { label: 'Next Variant', accelerator: MENU_SHORTCUTS['next-variant'], click: send('next-variant') },
      {
        label: 'Previous Variant',
        accelerator: MENU_SHORTCUTS['previous-variant'],
        click: send('previous-variant'),
      },
      { type: 'separator' },
      { label: 'Schedule…', accelerator: MENU_SHORTCUTS.schedule, click: send('schedule') },
    ],
  });
  template.push({
    label: '&View',
    submenu: [
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(options.devTools
        ? ([
            { type: 'separator' },
            // Its usual CmdOrCtrl+R is Sync now's.
            { role: 'reload', accelerator: 'F5' },
            { role: 'toggleDevTools' },
          ] as MenuItemConstructorOptions[])
        : []),
    ],
  });
  template.push({ role: 'windowMenu' });
  template.push({ role: 'help', submenu: [{ role: 'about' }] });
  return template;
}
