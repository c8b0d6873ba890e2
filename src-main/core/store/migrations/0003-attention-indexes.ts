// Frozen: partial indexes for the status recount the core runs after every local edit
// (conflicts and publishes of unknown outcome). Without them each recount scans every
// variant, which with 10,000 posts made a keystroke wait tens of milliseconds.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

export const migration0003: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index variant_conflict on variant (id) where conflict is not null`.execute(db);
    await sql`create index variant_publish_unknown on variant (id) where publish_unknown is not null`.execute(
      db,
    );
    await sql`create index post_conflict on post (id) where conflict is not null`.execute(db);
  },
};
