// Commits that must outlive an OS crash or a power cut, not only a killed process. The database
// runs WAL with synchronous = NORMAL (db.ts): a commit survives the app being killed, but the
// last ones may roll back when the machine itself goes down, since the WAL is synced to disk
// only at checkpoints. For most writes that is the right price. For a publish claimed as
// `sending` it is not: the request leaves right after the commit, and a claim rolled back by a
// flat battery would come back `pending` and publish the variant a second time. Such commits
// run with synchronous = FULL, so the WAL is synced before the commit returns, and fullfsync,
// without which macOS's fsync leaves the write in the drive's cache (other systems ignore it).
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** The durable sections running on a database: one connection, so they share its settings. */
interface Durability {
  running: number;
  /** The settings' changes, one after another (see below). */
  changes: Promise<void>;
}
const durabilityOf = new WeakMap<Kysely<Database>, Durability>();

async function syncEveryCommit(db: Kysely<Database>): Promise<void> {
  await sql`pragma synchronous = FULL`.execute(db);
  await sql`pragma fullfsync = ON`.execute(db);
}

async function syncAtCheckpoints(db: Kysely<Database>): Promise<void> {
  await sql`pragma fullfsync = OFF`.execute(db);
  await sql`pragma synchronous = NORMAL`.execute(db);
}

/** Runs `work` (one or more transactions) with each commit synced to disk before it returns. */
export async function durably<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  const d = durabilityOf.get(db) ?? { running: 0, changes: Promise.resolve() };
  durabilityOf.set(db, d);
  // Sections overlap when several lanes publish at once: the first sets FULL, the last sets
  // NORMAL back. The changes queue one after another, so a section that starts while the last
  // one is still setting NORMAL back sets FULL only once that is done.
  const change = (to: (db: Kysely<Database>) => Promise<void>): Promise<void> =>
    (d.changes = d.changes.catch(() => undefined).then(() => to(db)));
  if (d.running++ === 0) void change(syncEveryCommit);
  try {
    await d.changes;
    return await work();
  } finally {
    if (--d.running === 0) await change(syncAtCheckpoints);
  }
}
