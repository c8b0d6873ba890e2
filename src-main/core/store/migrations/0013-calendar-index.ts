// Frozen: the calendar reads a range of planned times (a variant's publication time once
// published, else its scheduled time: PLAN_AT in store/planning-queries.ts). Without an index
// every month walked every variant of the library: ~55 ms at 50,000 posts x 2 variants, ~17 ms
// through this one. SQLite uses an index on an expression only for the same expression, so
// this is PLAN_AT word for word (an index may not name its table: the columns stand alone);
// a test checks that the calendar's query still walks it.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

export const migration0013: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index variant_plan_at on variant ((case when ((platform_post_url is not null and platform_post_url != '') or status = 'published') then coalesce(json_extract(raw, '$.published_at'), updated_at) else scheduled_at end))`.execute(
      db,
    );
  },
};
