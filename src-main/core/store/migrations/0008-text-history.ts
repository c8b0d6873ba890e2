// Frozen: the versions of every text: a variant's content and a post's title, kept
// when typing pauses, before a send, before anything replaces the text, and whenever the
// service's text replaces it. `number` counts per text from 1 and is never reused (what the
// user names in `outpost restore --version N`). A version goes with its variant or post.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

export const migration0008: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('text_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('post_id', 'text', (c) => c.notNull().references('post.id').onDelete('cascade'))
      // null: a version of the post's title.
      .addColumn('variant_id', 'text', (c) => c.references('variant.id').onDelete('cascade'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .execute();
    // A variant's versions, newest last; also what a variant's deletion cascades through.
    await sql`create unique index text_version_variant on text_version (variant_id, number)
      where variant_id is not null`.execute(db);
    // A title's versions; not partial, so a post's deletion finds every version of it.
    await sql`create index text_version_post on text_version (post_id, variant_id, number)`.execute(db);
  },
};
