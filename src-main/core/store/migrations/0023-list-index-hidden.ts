// Frozen: the post list's index answers a search's walk on its own.
// A list shows the posts hidden here or the others (`hidden_at`), and a search looks for its
// words in each post's title as well as in its variants. The index the list walks held
// neither, so every post the walk passed was read from the table for `hidden_at` and its
// title: at 50,000 posts, about 10 ms of a search's first screenful and of each page of the
// rest, more the further into the list a page starts. With `hidden_at` last in the index
// (null for nearly every post: one byte an entry) and the title compared in the form the index
// already holds (`coalesce(search_title, lower(title))`, store/post-list-query.ts LIST_TITLE),
// the walk reads the index alone, and a post's row only once it is listed.
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0023: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`drop index post_changed_order`.execute(db);
    await sql`create index post_changed_order on post
      (workspace, updated_at, coalesce(search_title, lower(title)) desc, id desc, hidden_at)`.execute(db);
  },
};
