// Frozen: a variant made by an import keeps the key of the row it came from (a hash of its
// workspace, title, platform, account and text), so the same file imported again is
// recognised row by row and makes nothing twice. Local only: the pull never writes it, and a
// variant typed here has none. The partial index holds only imported variants.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

export const migration0015: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('variant').addColumn('import_key', 'text').execute();
    await sql`create index variant_import_key on variant (import_key) where import_key is not null`.execute(
      db,
    );
  },
};
