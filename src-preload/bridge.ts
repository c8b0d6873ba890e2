// The bridge contract between the window and the core: every command and every event, as
// types only, one file per feature in contract/ and all of them named here. Both hosts implement
// it (Electron IPC in src-main/desktop-app/ipc.ts, HTTP and server-sent events in
// src-main/browser-host/routes.ts); the renderer reaches it only through
// src-renderer/src/lib/bridge.ts. The core declares each command once, with the schema its
// payload is checked with (src-main/core/app/commands.ts), and the compiler holds every
// declaration to these types.
import { BULK_COMMANDS, type BulkCommands } from './contract/bulk';
import { DATA_COMMANDS, type DataCommands } from './contract/data';
import type { BridgeEvent } from './contract/events';
import type { BridgeResult } from './contract/errors';
import { HISTORY_COMMANDS, type HistoryCommands } from './contract/history';
import { IMPORT_COMMANDS, type ImportCommands } from './contract/import';
import { OUTBOX_COMMANDS, type OutboxCommands } from './contract/outbox';
import { PLANNING_COMMANDS, type PlanningCommands } from './contract/planning';
import { POST_COMMANDS, type PostCommands } from './contract/posts';
import { SETTINGS_COMMANDS, type SettingsCommands } from './contract/settings';
import { SYNC_COMMANDS, type SyncCommands } from './contract/sync';
import { UNDO_COMMANDS, type UndoCommands } from './contract/undo';
import { VARIANT_COMMANDS, type VariantCommands } from './contract/variants';

export * from './contract/bulk';
export * from './contract/data';
export * from './contract/errors';
export * from './contract/events';
export * from './contract/history';
export * from './contract/import';
export * from './contract/items';
export * from './contract/outbox';
export * from './contract/planning';
export * from './contract/posts';
export * from './contract/settings';
export * from './contract/sync';
export * from './contract/undo';
export * from './contract/variants';

/** Every command: its payload and its answer. */
export interface BridgeCommands
  extends
    SettingsCommands,
    PostCommands,
    VariantCommands,
    BulkCommands,
    PlanningCommands,
    OutboxCommands,
    SyncCommands,
    UndoCommands,
    HistoryCommands,
    DataCommands,
    ImportCommands {}

export type CommandName = keyof BridgeCommands;
export type CommandPayload<C extends CommandName> = BridgeCommands[C]['payload'];
export type CommandResult<C extends CommandName> = BridgeCommands[C]['result'];

/**
 * What `window.outpost` is (Electron preload) and what the browser host's HTTP client
 * provides: a narrow surface, never `ipcRenderer` itself.
 */
export interface OutpostBridge {
  invoke<C extends CommandName>(
    command: C,
    payload: CommandPayload<C>,
  ): Promise<BridgeResult<CommandResult<C>>>;
  /** Returns the function that removes the listener. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  /**
   * Hears when events may have been missed: the browser host's event stream dropped and opened
   * again, so what the window shows may be older than the core's. A host whose events cannot be
   * lost on the way (Electron's IPC) has none. Returns the function that removes the listener.
   */
  onEventsResumed?(listener: () => void): () => void;
  /**
   * The window is going (closed, reloaded): the post New post made, still empty, goes
   * (posts.dropIfUntouched), asked by a message that outlives the page and is never answered.
   * A bridge without it (a test's) is asked with `invoke`, which may not get there.
   */
  dropOnLeave?(postId: string): void;
  /**
   * The app is quitting (Electron: the menu's, the tray's or the system's Quit): `listener` saves
   * what is typed and not yet saved, and its promise answers, once the core has it, how many
   * texts are still not saved (held back by a full disk, or refused): the quit then asks the
   * person first. The core closes after that, or after a short wait for a window that does not
   * answer. A host whose core does not close under the window (the browser host) has none.
   * Returns the function that removes the listener.
   */
  onSaveNow?(listener: () => Promise<number>): () => void;
}

/**
 * The list every host checks command names against, from each feature's map of names (each
 * checked against its own commands, so a command declared and not named, or the reverse, fails
 * to compile).
 */
const COMMANDS: Record<CommandName, true> = {
  ...SETTINGS_COMMANDS,
  ...POST_COMMANDS,
  ...VARIANT_COMMANDS,
  ...BULK_COMMANDS,
  ...PLANNING_COMMANDS,
  ...OUTBOX_COMMANDS,
  ...SYNC_COMMANDS,
  ...UNDO_COMMANDS,
  ...HISTORY_COMMANDS,
  ...DATA_COMMANDS,
  ...IMPORT_COMMANDS,
};

export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];
/** Electron: one IPC handler per command, on its own channel. */
export function ipcChannel(command: CommandName): string {
  return `outpost:${command}`;
}
/**
 * Electron: the one channel events travel on, main to renderer, as a list of them per turn of
 * the main process (a first pull emits one for every post and variant it stores).
 */
export const IPC_EVENTS_CHANNEL = 'outpost:events';
/** Electron: the one-way message of `dropOnLeave`, renderer to main, its payload { id }. */
export const IPC_DROP_ON_LEAVE_CHANNEL = 'outpost:drop-on-leave';
/**
 * Electron: the quit asks the window to save what it holds, main to renderer, its payload a
 * number that names the ask; the window answers on IPC_SAVED_CHANNEL with { ask, notSaved }:
 * the same number, and how many texts are still not saved.
 */
export const IPC_SAVE_NOW_CHANNEL = 'outpost:save-now';
export const IPC_SAVED_CHANNEL = 'outpost:saved';
