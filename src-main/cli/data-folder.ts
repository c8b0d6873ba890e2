// The data folder a command opens: named by --data-dir, else OUTPOST_DATA_DIR, else the desktop
// app's. A file there, or on the way to it, is said in words before anything is opened: the
// core's start would meet it deep inside, as Node's EEXIST or ENOTDIR.
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { dataDirIsAFile, type DataDirSource } from '@preload/words/cli';
import { resolveDataDir } from '../core/paths';
import { CommandFailed, UsageError } from './command';

/** The data folder's absolute path; throws, in words, when a file stands where it goes. */
export function dataFolder(option: string | undefined, env: NodeJS.ProcessEnv): string {
  const dataDir = resolve(resolveDataDir(option, env));
  const file = fileInTheWay(dataDir);
  if (file === null) return dataDir;
  const source: DataDirSource =
    option !== undefined ? 'option' : env.OUTPOST_DATA_DIR !== undefined ? 'environment' : 'default';
  const message = dataDirIsAFile(dataDir, file, source);
  // The desktop app's own folder is not something the command line got wrong.
  throw source === 'default' ? new CommandFailed('invalid_state', message) : new UsageError(message);
}

/** The nearest path at or above `dir` that exists, when it is not a folder; else null. */
function fileInTheWay(dir: string): string | null {
  for (let path = dir; ; path = dirname(path)) {
    try {
      return statSync(path).isDirectory() ? null : path;
    } catch {
      // Not there yet (the start makes it) or not to be looked at: its parent decides.
      if (dirname(path) === path) return null;
    }
  }
}
