// Telling damage from every other way a database can fail to open: a damaged file is set aside
// and recovered (recover.ts); anything else (a newer version's file, a folder Outpost may not
// write, a lock held by another program) is said as it is and the file is left alone.
import type BetterSqlite3 from 'better-sqlite3';
import { MigrationFailed } from '../migrate';
import { quickCheckFindings, type EarlyCheck } from './quick-check';
import { messageOf } from '../../error-message';

/** What quick_check found, when it found something. */
export class DamageFound extends Error {
  constructor(readonly findings: string[]) {
    super(`its check found ${findings.length === 1 ? 'a damaged part' : 'damaged parts'}`);
    this.name = 'DamageFound';
  }
}

function sqliteCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

/** What was wrong, in SQLite's few words ("database disk image is malformed"), for the user. */
export function damageCause(error: unknown): string {
  if (error instanceof MigrationFailed) return damageCause(error.cause);
  return messageOf(error);
}

/** SQLite's answer that the file is damaged, or is not a database at all. */
export function isDamage(error: unknown): boolean {
  if (error instanceof DamageFound) return true;
  if (error instanceof MigrationFailed) return isDamage(error.cause);
  const code = sqliteCode(error);
  return code !== null && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** SQLite's quick check; throws DamageFound when it finds anything, or SQLite's own error when it cannot even read. */
export function quickCheck(sqlite: BetterSqlite3.Database): void {
  const findings = quickCheckFindings(sqlite);
  if (findings.length > 0) throw new DamageFound(findings);
}

/**
 * The file checked: by the verdict of an early check of it when one was made (a thread started
 * before the core's code had loaded, so the two overlap), or else here, on this connection.
 */
export async function checkFile(sqlite: BetterSqlite3.Database, early: EarlyCheck | null): Promise<void> {
  const findings = early === null ? null : await early;
  if (findings === null) return quickCheck(sqlite);
  if (findings.length > 0) throw new DamageFound([...findings]);
}
