// Types for keyring-session.mjs, which the tests import.
import type { SpawnSyncReturns, StdioOptions } from 'node:child_process';

export const TEST_KEYRING_PASSWORD: string;

export interface KeyringHome {
  dir: string;
  dataHome: string;
  keyrings: string;
  remove(): void;
}

export type KeyringSnapshot = Record<string, string>;

export function keyringFolder(env?: NodeJS.ProcessEnv): string;
export function snapshotKeyrings(folder: string): KeyringSnapshot;
export function changedKeyrings(before: KeyringSnapshot, after: KeyringSnapshot): string[];
export function makeKeyringHome(): KeyringHome;
export function keyringEnvironment(home: KeyringHome, env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function canStartKeyringSession(): boolean;
export function runInKeyringSession(
  command: string,
  args: string[],
  options: {
    home: KeyringHome;
    env?: NodeJS.ProcessEnv;
    password?: string;
    stdio?: StdioOptions;
    cwd?: string;
  },
): SpawnSyncReturns<Buffer>;
