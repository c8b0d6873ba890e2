// Telling damage from every other way a database can fail to open: a damaged file is set aside
// and recovered (recover.ts); anything else (a newer version's file, a folder Outpost may not
// write, a lock held by another program) is said as it is and the file is left alone.
import type BetterSqlite3 from 'better-sqlite3';
import { MigrationFailed } from '../migrate';

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
  return error instanceof Error ? error.message : String(error);
}

/** SQLite's answer that the file is damaged, or is not a database at all. */
export function isDamage(error: unknown): boolean {
  if (error instanceof DamageFound) return true;
  if (error instanceof MigrationFailed) return isDamage(error.cause);
  const code = sqliteCode(error);
  return code !== null && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/**
 * SQLite's quick check: every page of every table and index read and its structure checked,
 * without comparing indexes to tables (about 0.5 s at 50,000 posts; docs/benchmarks.md).
 * Throws DamageFound when it finds anything, or SQLite's own error when it cannot even read.
 */
export function quickCheck(sqlite: BetterSqlite3.Database): void {
  const rows = sqlite.pragma('quick_check') as Array<{ quick_check: string }>;
  const findings = rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
  if (findings.length > 0) throw new DamageFound(findings);
}
