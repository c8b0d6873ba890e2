// Frozen: a base (the service's last state, the three-way merge's common ancestor) no longer
// repeats the row it belongs to. A field of it that equals the row's own column is left out and
// reads "the same as the row" (store/stored-base.ts): an unchanged synced variant's base becomes
// `{}` instead of a second copy of its text, time, account, status and link, and a post's
// instead of a second copy of its title. A base that is not a JSON object is left as it is.
import { sql, type Kysely, type Migration } from 'kysely';

const VARIANT_FIELDS = ['content', 'scheduled_at', 'social_profile_id', 'status', 'platform_post_url'];

/** `json_remove(base, …)` of each field equal to the row's column of the same name. */
function withoutRowFields(fields: readonly string[]) {
  const paths = fields.map(
    (f) =>
      sql`case when json_extract(base, ${sql.lit(`$.${f}`)}) is ${sql.ref(f)} then ${sql.lit(`$.${f}`)} else '$."~kept"' end`,
  );
  return sql`json_remove(base, ${sql.join(paths)})`;
}

const isObject = sql`case when json_valid(base) then json_type(base) end = 'object'`;

export const migration0018: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update variant set base = ${withoutRowFields(VARIANT_FIELDS)} where ${isObject}`.execute(db);
    await sql`update post set base = ${withoutRowFields(['title'])} where ${isObject}`.execute(db);
  },
};
