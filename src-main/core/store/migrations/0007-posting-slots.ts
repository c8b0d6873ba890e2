// Frozen: posting slots per account. An account's weekly posting times, in its own
// zone, are Outpost's alone (the service has no such thing). They are keyed by workspace and
// profile id rather than tied to `social_profile`, whose rows a pull replaces: the times stay
// while an account is out of the list for a while. Add to queue reads the scheduled times of an
// account's variants from now on, so those get an index of their own.
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0007: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('posting_schedule')
      .addColumn('workspace', 'text', (c) => c.notNull())
      .addColumn('profile_id', 'text', (c) => c.notNull())
      .addColumn('zone', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('posting_schedule_pk', ['workspace', 'profile_id'])
      .execute();
    await db.schema
      .createTable('posting_slot')
      .addColumn('workspace', 'text', (c) => c.notNull())
      .addColumn('profile_id', 'text', (c) => c.notNull())
      .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 1 and 7`))
      .addColumn('minute', 'integer', (c) => c.notNull().check(sql`minute between 0 and 1439`))
      .addPrimaryKeyConstraint('posting_slot_pk', ['workspace', 'profile_id', 'weekday', 'minute'])
      .addForeignKeyConstraint(
        'posting_slot_schedule',
        ['workspace', 'profile_id'],
        'posting_schedule',
        ['workspace', 'profile_id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await sql`create index variant_scheduled on variant (scheduled_at) where scheduled_at is not null`.execute(
      db,
    );
  },
};
