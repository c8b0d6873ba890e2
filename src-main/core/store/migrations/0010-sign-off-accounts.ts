// Frozen: the accounts that answered a publish with "waiting for sign-off",
// so the editor, Add to queue and the Publish dialog can say so before the next one. A row goes
// when one of its publishes is answered "published" straight away. Keyed like posting times
// (workspace and profile id), not tied to `social_profile`, whose rows a pull replaces.
import type { Kysely, Migration } from 'kysely';

export const migration0010: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sign_off_account')
      .addColumn('workspace', 'text', (c) => c.notNull())
      .addColumn('profile_id', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sign_off_account_pk', ['workspace', 'profile_id'])
      .execute();
  },
};
