// The outbox of a snapshot of the database (a copy nothing else writes to), read whole: for the
// export, which writes the changes not yet on the service beside the items they change.
import type BetterSqlite3 from 'better-sqlite3';
import type { OutboxOpRow } from '../store/schema';

/** Every op of the snapshot in queue order; only those not done when `open`. */
export function snapshotOps(db: BetterSqlite3.Database, options: { open: boolean }): OutboxOpRow[] {
  const where = options.open ? " where state != 'done'" : '';
  return db.prepare(`select * from outbox_op${where} order by seq`).all() as OutboxOpRow[];
}
