// Frozen: when each post's variants were last read from the service in full. A full pull
// re-reads the posts that changed here, the new ones, and a bounded share of the rest, oldest
// read first, so its cost stops growing with the library.
import type { Kysely, Migration } from 'kysely';

export const migration0004: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('post').addColumn('variants_read_at', 'text').execute();
  },
};
