// Commits that must outlive an OS crash or a power cut, not only a killed process. The database
// runs WAL with synchronous = NORMAL (db.ts): a commit survives the app being killed, but the
// last ones may roll back when the machine itself goes down, since the WAL is synced to disk
// only at checkpoints. For most writes that is the right price. For a publish claimed as
// `sending` it is not: the request leaves right after the commit, and a claim rolled back by a
// flat battery would come back `pending` and publish the variant a second time. Such commits
// run with synchronous = FULL, so the WAL is synced before the commit returns.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** The durable sections running on a database (one connection, so they share its setting). */
interface Sections {
  running: number;
  /** Set to FULL once, by the first section; the others wait for it too. */
  full: Promise<unknown>;
}
const sectionsOf = new WeakMap<Kysely<Database>, Sections>();

/** Runs `work` (one or more transactions) with each commit synced to disk before it returns. */
export async function durably<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  // Sections overlap when several lanes publish at once: the first sets FULL, the last sets
  // NORMAL back. Statements on the connection run in the order they are asked for, so a section
  // that starts while the last one is setting NORMAL back asks for FULL after it.
  let sections = sectionsOf.get(db);
  if (sections === undefined) {
    sections = { running: 0, full: sql`pragma synchronous = FULL`.execute(db) };
    sectionsOf.set(db, sections);
  }
  sections.running++;
  try {
    await sections.full;
    return await work();
  } finally {
    sections.running--;
    if (sections.running === 0) {
      sectionsOf.delete(db);
      await sql`pragma synchronous = NORMAL`.execute(db);
    }
  }
}
