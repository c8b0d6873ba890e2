// Where `outpost export --out FILE` writes: a regular file is written whole or not at all (a
// private temporary file beside it, then a rename), a link is followed to the file it names,
// and what is not a regular file (a device, a pipe) is written into, never replaced. `-` and
// /dev/stdout are standard output. Every failure is said in words, and leaves nothing behind.
import {
  type Stats,
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { EXPORT_OUT } from '@preload/words/data';
import { CommandFailed } from './command';

const STDOUT_PATHS = new Set(['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);

/** `--out -`, or a name of this process's standard output. */
export function isStandardOutput(out: string): boolean {
  return out === '-' || STDOUT_PATHS.has(resolve(out));
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'EUNKNOWN';
}

/** A file-system error as a sentence about the target, not about the temporary file. */
function inWords(error: unknown, target: string): CommandFailed {
  const code = codeOf(error);
  const folder = dirname(target);
  const message =
    code === 'ENOENT'
      ? EXPORT_OUT.noFolder(folder)
      : code === 'ENOTDIR'
        ? EXPORT_OUT.notAFolder(folder)
        : code === 'EISDIR'
          ? EXPORT_OUT.isFolder(target)
          : code === 'EACCES' || code === 'EPERM'
            ? EXPORT_OUT.notAllowed(target)
            : code === 'EROFS'
              ? EXPORT_OUT.readOnly(target)
              : code === 'ENOSPC' || code === 'EDQUOT'
                ? EXPORT_OUT.diskFull(target)
                : EXPORT_OUT.failed(target, code);
  return new CommandFailed('write_failed', message);
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw inWords(error, path);
    if (isLink(path)) throw new CommandFailed('write_failed', EXPORT_OUT.linkToNothing(path));
    return null;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Writes `data` to `out` (resolved), private to the user (0600); answers the path written, the
 * real file's when `out` is a link.
 */
export function writeWhole(out: string, data: Buffer): string {
  const path = resolve(out);
  const found = statOrNull(path);
  if (found?.isDirectory()) throw new CommandFailed('write_failed', EXPORT_OUT.isFolder(path));
  if (found !== null && !found.isFile()) {
    // A device or a pipe: what the user named is where it goes; replacing it would break it.
    try {
      writeFileSync(path, data);
    } catch (error) {
      throw inWords(error, path);
    }
    return path;
  }
  const target = found === null ? path : realpathSync(path);
  const partial = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  let fd: number | null = null;
  try {
    fd = openSync(partial, 'wx', 0o600);
    writeFileSync(fd, data);
    // On the disk before the rename: a crash just after must not leave an empty file named as
    // the export.
    fsyncSync(fd);
    const open = fd;
    fd = null;
    closeSync(open);
    renameSync(partial, target);
    return target;
  } catch (error) {
    if (fd !== null) closeSync(fd);
    rmSync(partial, { force: true });
    throw inWords(error, target);
  }
}
