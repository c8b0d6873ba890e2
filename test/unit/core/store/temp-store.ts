// A fresh SQLite store in a temp dir for each test, removed after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../../../src-main/core/store/db';

export type TempStore = Pick<OpenedDatabase, 'db' | 'checkpoint'>;

/**
 * Registers the hooks that open and remove the store, and returns it. Its members read the
 * store of the running test, so a file can name it once at the top.
 */
export function useTempStore(prefix: string): TempStore {
  let dir: string | undefined;
  let opened: OpenedDatabase | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    opened = await openDatabase({ file: join(dir, 'o.db') });
  });
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const current = (): OpenedDatabase => {
    if (!opened) throw new Error('The store opens before each test, not while collecting');
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    checkpoint: () => current().checkpoint(),
  };
}
