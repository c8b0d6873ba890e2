// Frozen: indexes that hold nothing twice and fill their pages.
// - A variant was found by its post through `variant_post (post_id)`, and its link to the
//   service's record kept unique by `variant_server_link (post_id, server_id)` where linked.
//   One unique index on (post_id, server_id) does both: SQLite counts nulls as distinct in a
//   unique index, so any number of unlinked variants still share a post, and a post's variants
//   are found through its first column (and a post's deletion cascades through it).
// - The reconciler's index holds only the variants it will read again, not every variant.
// - The post list's index (the "last changed" order) runs the other way and is walked
//   backwards: oldest first, ties by title and id descending. A post made or changed now goes
//   to its end, where SQLite fills a page before it starts the next; at its start, as before,
//   every new entry split a page and left half of it empty.
// - A post keeps its folded title only where it is not the title with ASCII letters lowered
//   (as 0019 did for a variant's text): the list's index holds the one or the other,
//   `coalesce(search_title, lower(title))`, word for word as the list orders by it
//   (store/post-list-query.ts LIST_TITLE). The same text either way, so the same order.
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0020: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`drop index variant_server_link`.execute(db);
    await sql`drop index variant_post`.execute(db);
    await sql`create unique index variant_post_link on variant (post_id, server_id)`.execute(db);
    await sql`drop index post_changed_order`.execute(db);
    await sql`update post set search_title = null where search_title = lower(title)`.execute(db);
    await sql`create index post_changed_order on post
      (workspace, updated_at, coalesce(search_title, lower(title)) desc, id desc)`.execute(db);
    await sql`drop index variant_reconcile`.execute(db);
    await sql`create index variant_reconcile on variant (reconcile_at) where reconcile_at is not null`.execute(
      db,
    );
  },
};
