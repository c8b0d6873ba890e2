// A small stand-in for the AppCore, for tests of the shell's own wiring (the contract test uses
// the real core). It answers envelopes, records calls and lets a test emit events.
import type { BridgeEvent, BridgeResult, CommandName, SettingsView, SyncStatus } from '@preload/bridge';
import { COMMAND_NAMES } from '@preload/bridge';
import type { AppCore } from '../../../src-main/core/ports';

export const idleStatus: SyncStatus = {
  phase: 'idle',
  online: true,
  pending: 0,
  failed: 0,
  conflicts: 0,
  needsAttention: 0,
  lastSyncAt: null,
  lastError: null,
  unavailableWorkspaces: [],
  unreadWorkspaces: [],
  lastReadAt: null,
  serviceFailing: null,
  answerTrouble: [],
  checked: { onScreen: null, nextWeek: null, everything: null },
};

export const defaultSettings: SettingsView = {
  baseUrl: null,
  authHeader: 'bearer',
  connected: false,
  tokenStorage: null,
  keychainMessage: null,
  notifications: true,
  theme: 'system',
  closeToTray: false,
  hourCycle: 'locale',
  weekStart: 'locale',
  currentWorkspace: null,
  postSort: 'changed',
};

export interface FakeCore extends AppCore {
  calls: Array<{ command: string; payload: unknown }>;
  syncReasons: string[];
  onlineReports: boolean[];
  closedWith: Array<number | undefined>;
  settings: SettingsView;
  emit(event: BridgeEvent): void;
  readonly listenerCount: number;
}

export function createFakeCore(): FakeCore {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const known = new Set<string>(COMMAND_NAMES);
  const core: FakeCore = {
    calls: [],
    syncReasons: [],
    onlineReports: [],
    closedWith: [],
    settings: { ...defaultSettings },
    // Answers are typed loosely here: each test reads only the fields it set up.
    invoke: function (command: CommandName, payload: unknown): Promise<BridgeResult<unknown>> {
      core.calls.push({ command, payload });
      if (!known.has(command)) {
        return Promise.resolve({
          ok: false,
          error: { code: 'unknown_command', message: `Unknown command: ${command}` },
        });
      }
      if (command === 'settings.get') return Promise.resolve({ ok: true, value: core.settings });
      if (command === 'settings.update') {
        if (typeof payload !== 'object' || payload === null) {
          return Promise.resolve({
            ok: false,
            error: { code: 'invalid_payload', message: 'payload: expected an object' },
          });
        }
        core.settings = { ...core.settings, ...(payload as Partial<SettingsView>) };
        core.emit({ name: 'settingsChanged', data: core.settings });
        return Promise.resolve({ ok: true, value: core.settings });
      }
      return Promise.resolve({
        ok: true,
        value: { echo: command, payload: payload ?? null },
      } as BridgeResult<unknown>);
    } as AppCore['invoke'],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    syncNow(reason) {
      core.syncReasons.push(reason);
      return Promise.resolve(idleStatus);
    },
    setOnline(online) {
      core.onlineReports.push(online);
    },
    status() {
      return idleStatus;
    },
    close(graceMs) {
      core.closedWith.push(graceMs);
      return Promise.resolve();
    },
    emit(event) {
      for (const l of [...listeners]) l(event);
    },
    get listenerCount() {
      return listeners.size;
    },
  };
  return core;
}
