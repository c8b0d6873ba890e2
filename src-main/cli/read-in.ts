// Where `outpost import` and `outpost import-backup` read: the file named on the command line,
// or a sentence saying why it is not one (not there, a folder, not readable), never Node's code.
import { closeSync, openSync, readFileSync, readSync, statSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';
import { FILE_IN } from '@preload/words/cli';
import { CommandFailed, UsageError } from './command';

export interface FileToRead {
  path: string;
  stats: Stats;
}

/** The file `file` names; refused in words when it is not one. `needs`: what `command` reads. */
export function fileToRead(file: string, command: string, needs: string): FileToRead {
  const path = resolve(file);
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    throw readProblem(error, path);
  }
  // Node's read of a folder says EISDIR; a person gave a folder where the file goes.
  if (stats.isDirectory()) throw new UsageError(FILE_IN.isFolder(path, command, needs));
  return { path, stats };
}

/** The whole file, or a sentence saying why it cannot be read. */
export function readWhole(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw readProblem(error, path);
  }
}

/** The file's first `bytes` bytes (fewer when it is shorter), or a sentence saying why not. */
export function readHead(path: string, bytes: number): Buffer {
  let fd: number | null = null;
  try {
    fd = openSync(path, 'r');
    const head = Buffer.alloc(bytes);
    return head.subarray(0, readSync(fd, head, 0, bytes, 0));
  } catch (error) {
    throw readProblem(error, path);
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

function readProblem(error: unknown, path: string): Error {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new UsageError(FILE_IN.missing(path));
  if (code === 'EACCES' || code === 'EPERM')
    return new CommandFailed('read_failed', FILE_IN.notAllowed(path));
  return error instanceof Error ? error : new Error(String(error));
}
