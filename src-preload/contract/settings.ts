// The connection, the window's preferences, the workspaces and their accounts.
import type { BridgeErrorInfo } from './errors';
import type { LocalId } from './items';
import type { PostSort } from './posts';
import type { HourCyclePreference, WeekStartPreference } from '../words/clock';

export type AuthHeaderStyle = 'bearer' | 'x-api-key';

export type Theme = 'system' | 'light' | 'dark';

/** Whether this account can reach a workspace: a 403, or a workspace gone from its list, keeps its changes waiting. */
export type WorkspaceAccess = 'ok' | 'forbidden' | 'not_found';

export interface WorkspaceView {
  /** `null` is the local space: drafts made before connecting or before choosing a workspace. */
  slug: string | null;
  name: string;
  postCount: number;
  access: WorkspaceAccess;
}

export interface ProfileView {
  id: string;
  platform: string;
  isActive: boolean;
  /** A readable name when the service gave one (fields beyond id/platform/is_active are not promised). */
  label: string | null;
  /** The account's handle on its platform when the service gave one (its raw `handle`). */
  handle?: string | null;
}

export interface SettingsView {
  baseUrl: string | null;
  authHeader: AuthHeaderStyle;
  connected: boolean;
  /** Where the token lives now; `memory` when no keychain was available (this session only). */
  tokenStorage: 'keychain' | 'memory' | 'environment' | null;
  /** A clear sentence when the OS keychain is unavailable, else null. */
  keychainMessage: string | null;
  notifications: boolean;
  theme: Theme;
  closeToTray: boolean;
  currentWorkspace: string | null;
  /** The post list's order, kept across restarts. */
  postSort: PostSort;
  /** The clock times are written on: the locale's, or a 12- or 24-hour one chosen in Settings. */
  hourCycle: HourCyclePreference;
  /** The first day of the week in the calendar and the lists: the locale's, or one chosen. */
  weekStart: WeekStartPreference;
}

export interface ConnectionInput {
  baseUrl: string;
  /** Omitted on "Test connection" when a token is already stored for this address. */
  token?: string;
  authHeader: AuthHeaderStyle;
}

export type ConnectionTest = { ok: true; workspaces: string[] } | { ok: false; error: BridgeErrorInfo };

/** app.info, settings.*, workspaces.* and profiles.list. */
export interface SettingsCommands {
  'app.info': { payload: void; result: { version: string; host: 'electron' | 'browser'; dataDir: string } };
  'settings.get': { payload: void; result: SettingsView };
  'settings.update': {
    payload: {
      notifications?: boolean;
      theme?: Theme;
      closeToTray?: boolean;
      postSort?: PostSort;
      hourCycle?: HourCyclePreference;
      weekStart?: WeekStartPreference;
    };
    result: SettingsView;
  };
  'settings.testConnection': { payload: ConnectionInput; result: ConnectionTest };
  'settings.connect': { payload: ConnectionInput & { token: string }; result: SettingsView };
  'settings.signOut': { payload: void; result: SettingsView };
  'workspaces.list': { payload: void; result: WorkspaceView[] };
  'workspaces.select': { payload: { slug: string | null }; result: SettingsView };
  /** Assigns local-space drafts to a workspace; all of them when `postIds` is omitted. */
  'workspaces.moveLocalDrafts': { payload: { slug: string; postIds?: LocalId[] }; result: { moved: number } };
  'profiles.list': { payload: { workspace: string }; result: ProfileView[] };
}

/** The names of these commands (a host checks a name against every feature\'s). */
export const SETTINGS_COMMANDS: Record<keyof SettingsCommands, true> = {
  'app.info': true,
  'settings.get': true,
  'settings.update': true,
  'settings.testConnection': true,
  'settings.connect': true,
  'settings.signOut': true,
  'workspaces.list': true,
  'workspaces.select': true,
  'workspaces.moveLocalDrafts': true,
  'profiles.list': true,
};
