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
  'export-posts': 'CmdOrCtrl+E',
  search: 'CmdOrCtrl+F',
  sync: 'CmdOrCtrl+R',
  'next-variant': 'CmdOrCtrl+]',
  'previous-variant': 'CmdOrCtrl+[',
  schedule: 'CmdOrCtrl+Shift+S',
  settings: 'CmdOrCtrl+,',
  export: 'CmdOrCtrl+Shift+E',
  restore: 'CmdOrCtrl+Shift+O',
};

type Item = MenuItemConstructorOptions;
/** A click that sends a menu command to the window. */
type Send = (command: MenuCommand) => () => void;

/** macOS's application menu, named after the app. */
function appMenu(settingsItem: Item): Item {
  return {
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
  };
}

function fileMenu(mac: boolean, send: Send, actions: MenuActions, settingsItem: Item): Item {
  return {
    label: '&File',
    submenu: [
      { label: 'New Post', accelerator: MENU_SHORTCUTS['new-post'], click: send('new-post') },
      { type: 'separator' },
      // Posts from a spreadsheet and the list to one: the window reads the file (a chooser, a
      // drop or a paste) and shows every row before anything is made.
      { label: 'Import Posts…', accelerator: MENU_SHORTCUTS['import-posts'], click: send('import-posts') },
      {
        label: 'Export Posts as CSV…',
        accelerator: MENU_SHORTCUTS['export-posts'],
        click: send('export-posts'),
      },
      { type: 'separator' },
      // Everything of the user's in one file, and back (Settings > Your data lists the copies).
      { label: 'Export…', accelerator: MENU_SHORTCUTS.export, click: send('export') },
      { label: 'Restore a Copy…', accelerator: MENU_SHORTCUTS.restore, click: send('restore') },
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
      // Settings and Quit live in the application menu on macOS, Close in File.
      ...(mac
        ? ([{ type: 'separator' }, { role: 'close' }] as Item[])
        : ([{ type: 'separator' }, settingsItem, { type: 'separator' }, { role: 'quit' }] as Item[])),
    ],
  };
}

function editMenu(mac: boolean, send: Send): Item {
  return {
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? ([{ role: 'pasteAndMatchStyle' }] as Item[]) : []),
      { role: 'delete' },
      { role: 'selectAll' },
      { type: 'separator' },
      { label: 'Find', accelerator: MENU_SHORTCUTS.search, click: send('search') },
    ],
  };
}

function postMenu(send: Send): Item {
  return {
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
  };
}

function viewMenu(devTools: boolean): Item {
  return {
    label: '&View',
    submenu: [
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(devTools
        ? ([
            { type: 'separator' },
            // Its usual CmdOrCtrl+R is Sync now's.
            { role: 'reload', accelerator: 'F5' },
            { role: 'toggleDevTools' },
          ] as Item[])
        : []),
    ],
  };
}

export function menuTemplate(
  platform: NodeJS.Platform,
  actions: MenuActions,
  options: { devTools: boolean },
): Item[] {
  const mac = platform === 'darwin';
  const send: Send = (command) => () => actions.send(command);
  const settingsItem: Item = {
    label: mac ? 'Settings…' : 'Settings',
    accelerator: MENU_SHORTCUTS.settings,
    click: send('settings'),
  };
  return [
    ...(mac ? [appMenu(settingsItem)] : []),
    fileMenu(mac, send, actions, settingsItem),
    editMenu(mac, send),
    postMenu(send),
    viewMenu(options.devTools),
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ role: 'about' }] },
  ];
}
