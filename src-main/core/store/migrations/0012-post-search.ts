// Frozen: the post list's search and order.
// - Search ignores case and accents: each title and each variant's text gets a folded copy
//   beside it, which the repositories keep current (store/search-text.ts). The copies of the
//   rows already here are written now, with the fold of this build.
// - The list's order breaks ties by that folded title, then by id: a pull stamps every post it
//   imports with one time, and the id alone (a random UUID) showed them in a random order. The
//   index holds the whole order, so a first screenful still walks it without sorting.
import { sql, type Kysely, type Migration } from 'kysely';
import { foldForSearch } from '../search-text';

/** Rows per statement of the backfill (two values each, well under SQLite's bound). */
const ROWS_PER_UPDATE = 200;

async function foldColumn(
  db: Kysely<unknown>,
  table: 'post' | 'variant',
  column: 'title' | 'content',
  folded: 'search_title' | 'search_content',
): Promise<void> {
  const { rows } = await sql<{ id: string; text: string }>`
    select id, ${sql.ref(column)} as text from ${sql.table(table)}`.execute(db);
  for (let i = 0; i < rows.length; i += ROWS_PER_UPDATE) {
    const values = sql.join(
      rows.slice(i, i + ROWS_PER_UPDATE).map((r) => sql`(${r.id}, ${foldForSearch(r.text)})`),
    );
    await sql`
      update ${sql.table(table)} set ${sql.ref(folded)} = f.text
      from (select column1 as id, column2 as text from (values ${values})) as f
      where ${sql.table(table)}.id = f.id`.execute(db);
  }
}

export const migration0012: Migration = {
  async up(db: Kysely<unknown>) {
    // One transaction with its record, as every migration (store/migrate.ts).
    await db.schema.alterTable('post').addColumn('search_title', 'text').execute();
    await db.schema.alterTable('variant').addColumn('search_content', 'text').execute();
    await foldColumn(db, 'post', 'title', 'search_title');
    await foldColumn(db, 'variant', 'content', 'search_content');
    await sql`create index post_changed_order on post (workspace, updated_at desc, search_title, id)`.execute(
      db,
    );
    // Every query the old index served starts with the same two columns.
    await sql`drop index post_list_order`.execute(db);
  },
};
