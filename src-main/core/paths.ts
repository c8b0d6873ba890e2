// Where Outpost keeps its data. The desktop app, the browser host and the CLI share one
// folder by default, so `outpost status` sees what the window drafted. The values match
// Electron's own `userData` folder for an app named "Outpost" on each OS.
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Outpost';
export const DATABASE_FILE = 'outpost.db';

export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_NAME);
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), APP_NAME);
}

/** `--data-dir` beats `OUTPOST_DATA_DIR`, which beats the OS default. */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return flag ?? env.OUTPOST_DATA_DIR ?? defaultDataDir(process.platform, env);
}

// The folder holds unpublished drafts and the service's raw answers: owner only, whatever
// the umask. chmod is a no-op on Windows, where the profile folder is already private.
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Codes of a change of mode the folder does not allow: not the owner, a read-only volume. */
const CANNOT_CHANGE = new Set(['ENOENT', 'EPERM', 'EROFS']);

function chmodIfPresent(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (error) {
    // Tightening is what can be done: a folder that cannot be changed is read as it is.
    if (!CANNOT_CHANGE.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}

/** Creates `dir` (and missing parents) owner-only, and tightens it if it already existed. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodIfPresent(dir, PRIVATE_DIR_MODE);
}

/** Creates `file` empty if missing, owner-only either way; before SQLite or a logger opens it. */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodIfPresent(file, PRIVATE_FILE_MODE);
}

/** Tightens files that may exist already (a WAL, a rotated log); missing ones are fine. */
export function tightenFiles(files: readonly string[]): void {
  for (const file of files) chmodIfPresent(file, PRIVATE_FILE_MODE);
}
