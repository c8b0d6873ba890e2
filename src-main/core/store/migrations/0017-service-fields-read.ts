// Frozen: of the service's answer about a post or a variant, only what is read is kept. The
// whole answer was stored beside every row (a third of a synced variant's bytes), and one field
// of it was read: a variant's `published_at`, where the calendar places a published variant. It
// moves to a column of its own, and the calendar's index is made again on that column. A post's
// answer had no field read at all. Dropping a column rewrites the table, in this migration's
// transaction like every other statement.
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0017: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('variant').addColumn('published_at', 'text').execute();
    // Only a time written as text: a calendar range compares it with ISO times.
    await sql`update variant set published_at = json_extract(raw, '$.published_at')
      where case when json_valid(raw) then json_type(raw, '$.published_at') end = 'text'`.execute(db);
    await sql`drop index variant_plan_at`.execute(db);
    // PLAN_AT (store/planning-queries.ts) word for word, as 0013's was.
    await sql`create index variant_plan_at on variant ((case when ((platform_post_url is not null and platform_post_url != '') or status = 'published') then coalesce(published_at, updated_at) else scheduled_at end))`.execute(
      db,
    );
    await db.schema.alterTable('variant').dropColumn('raw').execute();
    await db.schema.alterTable('post').dropColumn('raw').execute();
  },
};
