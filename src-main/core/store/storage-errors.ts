// How a write (or an open) failed because of the disk or the folder rather than the data: the
// kinds the window says in words and waits out, never a reason to drop what was typed.
import type { SyncStopCause } from '@preload/words/data';

export type StorageFailure = SyncStopCause;

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** The kind of storage failure `error` is, or null when it is something else. */
export function storageFailureOf(error: unknown): StorageFailure | null {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const code = codeOf(error) || codeOf(cause);
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return 'disk_full';
  if (code === 'SQLITE_READONLY_DBMOVED') return 'folder_gone';
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
    return 'read_only';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'locked';
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'damaged';
  if (
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_CANTOPEN') ||
    code === 'ENOENT' ||
    code === 'EIO'
  )
    return 'io';
  return null;
}
