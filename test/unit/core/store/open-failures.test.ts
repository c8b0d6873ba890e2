// What an open's failure says of the disk or the folder: the words the start says, and whether
// what the file holds can still be shown read-only.
import { describe, expect, it } from 'vitest';
import { NO_ROOM_BYTES, openFailureOf } from '../../../../src-main/core/store/open-store';

const failure = (code: string) => Object.assign(new Error(code), { code });
const roomy = { writable: true, freeBytes: 10 * NO_ROOM_BYTES };

describe('an open that failed', () => {
  it('for want of room is the full disk, said by SQLite or not', () => {
    expect(openFailureOf(failure('SQLITE_FULL'), roomy)).toBe('disk_full');
    // No room for the shared-memory file: SQLite says only "disk I/O error".
    expect(openFailureOf(failure('SQLITE_IOERR_SHMSIZE'), { writable: true, freeBytes: 4096 })).toBe(
      'disk_full',
    );
    expect(openFailureOf(failure('SQLITE_IOERR'), { writable: true, freeBytes: 0 })).toBe('disk_full');
  });

  it('with room left, an I/O error stays one; in a folder that cannot be written, it is read-only', () => {
    expect(openFailureOf(failure('SQLITE_IOERR'), roomy)).toBe('io');
    expect(openFailureOf(failure('SQLITE_IOERR'), { writable: true, freeBytes: null })).toBe('io');
    expect(openFailureOf(failure('SQLITE_CANTOPEN'), { writable: false, freeBytes: 0 })).toBe('read_only');
  });

  it('held by another program, or damaged, whatever the room', () => {
    expect(openFailureOf(failure('SQLITE_BUSY'), { writable: true, freeBytes: 0 })).toBe('locked');
    expect(openFailureOf(failure('SQLITE_CORRUPT'), { writable: true, freeBytes: 0 })).toBe('damaged');
  });
});
