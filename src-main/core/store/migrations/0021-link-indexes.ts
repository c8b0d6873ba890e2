// Frozen: a variant found by its service id in one step, and the indexes of service ids filled.
// - Every answer that would link a variant is checked first against the workspace's other
//   variants (outbox/links.ts: a service record is linked to one local item). The only index
//   with `server_id` led with `post_id`, so that check read every variant of the file: 20 ms at
//   50,000 posts, for each variant a push, an import or a bulk action created, with the core's
//   thread held meanwhile. Partial: a draft not yet on the service has nothing to find.
// - Both indexes of service ids run in falling order. A service lists its newest posts first
//   (the spec's own examples do), so a first pull links falling ids: in a rising index each new
//   entry went to the front and split a page, leaving half of it empty; in a falling one it goes
//   to the end, where SQLite fills a page before it starts the next. Lookups are the same.
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0021: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index variant_server on variant (server_id desc) where server_id is not null`.execute(
      db,
    );
    await sql`drop index post_workspace_server`.execute(db);
    await sql`create unique index post_workspace_server on post (workspace, server_id desc)
      where server_id is not null`.execute(db);
  },
};
