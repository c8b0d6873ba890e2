// Frozen: the outbox as one state machine.
// - A publish of unknown outcome kept its facts on the variant (`publish_unknown`) and its
//   state on the op: two sources of truth. The facts move onto the op (`facts`), and an op
//   that waits for the user's decision gets its own state, `needs_user`.
// - `update_post` was never enqueued (the service has no rename): any such op is closed.
// - Access is per workspace: a workspace that answers 403, or is gone for this account, keeps
//   its ops waiting while the others sync.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

export const migration0005: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox_op').addColumn('facts', 'text').execute();
    await sql`
      update outbox_op
      set state = 'needs_user',
          facts = (select json_object('publishUnknown', json(v.publish_unknown))
                   from variant v where v.id = outbox_op.variant_id)
      where kind = 'publish' and state = 'unknown'
        and variant_id in (select id from variant where publish_unknown is not null)`.execute(db);
    await sql`
      update outbox_op set state = 'done', error = 'Closed: the service offers no way to rename a post.'
      where kind = 'update_post' and state != 'done'`.execute(db);
    await sql`drop index if exists variant_publish_unknown`.execute(db);
    await db.schema.alterTable('variant').dropColumn('publish_unknown').execute();
    await sql`create index outbox_op_needs_user on outbox_op (variant_id) where state = 'needs_user'`.execute(
      db,
    );
    await db.schema
      .alterTable('workspace')
      .addColumn('access', 'text', (c) => c.notNull().defaultTo('ok'))
      .execute();
  },
};
