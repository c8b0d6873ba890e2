// Frozen: a variant's text keeps a folded copy for search only where LIKE on the text itself
// would not find the same. SQLite's LIKE ignores the case of ASCII letters, so a copy that is
// the text with those lowered (SQLite's own lower() lowers nothing else) is dropped; search
// reads the text where there is no copy (store/post-list-query.ts).
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0019: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update variant set search_content = null where search_content = lower(content)`.execute(db);
  },
};
