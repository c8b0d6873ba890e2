// Where Outpost keeps its data. The desktop app, the browser host and the CLI share one
// folder by default, so `outpost status` sees what the window drafted. The values match
// Electron's own `userData` folder for an app named "Outpost" on each OS.
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
