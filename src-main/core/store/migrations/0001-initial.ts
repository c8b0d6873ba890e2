// Frozen: the first schema. Never edit a shipped migration; add a new one.
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0001: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('connection')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('base_url', 'text', (c) => c.notNull())
      .addColumn('auth_header', 'text', (c) => c.notNull())
      .addColumn('connected_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('setting')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('workspace')
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .addColumn('raw', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('social_profile')
      .addColumn('workspace', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull())
      .addColumn('label', 'text')
      .addColumn('raw', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('social_profile_pk', ['workspace', 'id'])
      .execute();
    await db.schema
      .createTable('post')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('server_id', 'text')
      .addColumn('workspace', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('base', 'text')
      .addColumn('raw', 'text')
      .addColumn('remote_state', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('conflict', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('post_workspace_updated')
      .on('post')
      .columns(['workspace', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('post_workspace_server')
      .unique()
      .on('post')
      .columns(['workspace', 'server_id'])
      .where(sql.ref('server_id'), 'is not', null)
      .execute();
    await db.schema
      .createTable('variant')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('post_id', 'text', (c) => c.notNull().references('post.id').onDelete('cascade'))
      .addColumn('server_id', 'text')
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('account_mode', 'text', (c) =>
        c.notNull().check(sql`account_mode in ('default', 'none', 'profile')`),
      )
      .addColumn('social_profile_id', 'text')
      .addColumn('scheduled_at', 'text')
      .addColumn('status', 'text')
      .addColumn('platform_post_url', 'text')
      .addColumn('base', 'text')
      .addColumn('raw', 'text')
      .addColumn('remote_state', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('conflict', 'text')
      .addColumn('error', 'text')
      .addColumn('publish_unknown', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('variant_post').on('variant').column('post_id').execute();
    await db.schema
      .createTable('outbox_op')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'integer', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('post_id', 'text', (c) => c.notNull().references('post.id').onDelete('cascade'))
      .addColumn('variant_id', 'text', (c) => c.references('variant.id').onDelete('cascade'))
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('error', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('outbox_op_state').on('outbox_op').columns(['state', 'seq']).execute();
    await db.schema.createIndex('outbox_op_post').on('outbox_op').columns(['post_id', 'seq']).execute();
    await db.schema
      .createIndex('outbox_op_variant')
      .on('outbox_op')
      .columns(['variant_id', 'state'])
      .execute();
    await db.schema
      .createTable('activity_entry')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('post_id', 'text', (c) => c.notNull().references('post.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('raw', 'text', (c) => c.notNull())
      .addColumn('fetched_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('activity_entry_post')
      .on('activity_entry')
      .columns(['post_id', 'position'])
      .execute();
    await db.schema
      .createTable('skill')
      .addColumn('workspace', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('raw', 'text', (c) => c.notNull())
      .addColumn('fetched_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('skill_pk', ['workspace', 'position'])
      .execute();
    await db.schema
      .createTable('sync_log')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('post_id', 'text')
      .addColumn('variant_id', 'text')
      .execute();
  },
};
