// Frozen: one local item per service record. A post's link is unique in its workspace since
// 0001; a variant's now is too, within its post (the service names a variant under its post,
// and a post's link is unique in its workspace). A file that already holds two variants linked
// to one record keeps the link on the oldest; each other one goes back to unsynced (its text and
// account kept, its time left to the linked one), its open ops are closed and a create sends it
// as a variant of its own, and the decision log says so.
import { sql, type Kysely, type Migration } from 'kysely';
import { randomUUID } from 'node:crypto';

interface Duplicate {
  id: string;
  post_id: string;
}

const CLOSED = 'Closed: this variant was linked to a service variant another local variant holds.';
const SETTLED =
  'Two local variants were linked to one variant on the service: the older keeps the link; this one ' +
  'was unlinked and is sent as a new variant.';

async function unlink(db: Kysely<unknown>, v: Duplicate, now: string): Promise<void> {
  await sql`
    update variant set server_id = null, base = null, raw = null, status = null, platform_post_url = null,
      scheduled_at = null, remote_state = 'active', conflict = null, error = null, reconcile_at = null,
      reconcile_attempts = 0, updated_at = ${now}
    where id = ${v.id}`.execute(db);
  await sql`
    update outbox_op set state = 'done', error = ${CLOSED}, facts = null, next_attempt_at = null, updated_at = ${now}
    where variant_id = ${v.id} and state != 'done'`.execute(db);
  await sql`
    insert into outbox_op (id, seq, kind, state, post_id, variant_id, payload, attempts, created_at, updated_at)
    values (${randomUUID()}, (select coalesce(max(seq), 0) + 1 from outbox_op), 'create_variant', 'pending',
      ${v.post_id}, ${v.id}, '{}', 0, ${now}, ${now})`.execute(db);
  await sql`
    insert into sync_log (at, action, reason, post_id, variant_id)
    values (${now}, 'link_settled', ${SETTLED}, ${v.post_id}, ${v.id})`.execute(db);
}

export const migration0014: Migration = {
  async up(db: Kysely<unknown>) {
    const now = new Date().toISOString();
    const { rows } = await sql<Duplicate>`
      select v.id, v.post_id from variant v
      where v.server_id is not null and exists (
        select 1 from variant o
        where o.post_id = v.post_id and o.server_id = v.server_id
          and (o.created_at < v.created_at or (o.created_at = v.created_at and o.rowid < v.rowid)))`.execute(
      db,
    );
    for (const v of rows) await unlink(db, v, now);
    await sql`create unique index variant_server_link on variant (post_id, server_id)
      where server_id is not null`.execute(db);
  },
};
