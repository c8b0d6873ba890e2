// Frozen: when the reconciler reads a scheduled or needs_approval variant again, kept across
// restarts so a relaunch does not hammer the service nor forget a wait.
import type { Kysely, Migration } from 'kysely';

export const migration0002: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('variant').addColumn('reconcile_at', 'text').execute();
    await db.schema
      .alterTable('variant')
      .addColumn('reconcile_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('variant_reconcile').on('variant').column('reconcile_at').execute();
  },
};
