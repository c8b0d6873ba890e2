// Frozen: "Hide here". The service offers no deletion, so a post that reached
// it can only be hidden here: a local, reversible archive. A column of the post rather than a
// flag the pull could overwrite: the pull never writes it, so a hidden post stays hidden. The
// partial index serves the "Hidden" list without weighing on the others.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

export const migration0009: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('post').addColumn('hidden_at', 'text').execute();
    await sql`create index post_hidden on post (workspace, hidden_at) where hidden_at is not null`.execute(
      db,
    );
  },
};
