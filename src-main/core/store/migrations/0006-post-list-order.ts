// Frozen: the post list's order (newest change first, then id) as one index. The old index had
// the time alone, so posts changed at the same moment (a pull, a batch move, an import) were
// sorted in a temporary B-tree, and a first screenful read every tied post and its variants:
// posts.list took ~50 ms at 10,000 posts sharing a timestamp, ~2.5 ms walking this index.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

export const migration0006: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index post_list_order on post (workspace, updated_at desc, id)`.execute(db);
    // Every query the old index served starts with the same two columns.
    await sql`drop index post_workspace_updated`.execute(db);
  },
};
