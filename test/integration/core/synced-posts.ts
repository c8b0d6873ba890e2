// Posts written straight into a database file as a pull stores them (on the service, with one
// variant each), through the repositories: a library of thousands in a moment, for the list's
// tests. Only what a test varies is asked for.
import type { Kysely } from 'kysely';
import { openDatabase } from '../../../src-main/core/store/db';
import { insertPost } from '../../../src-main/core/store/post-repository';
import type { Database } from '../../../src-main/core/store/schema';
import { insertVariant } from '../../../src-main/core/store/variant-repository';

export interface SyncedPost {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  variant: { platform: string; content: string; scheduledAt: string | null };
}

/** The post and its variant (`${id}-x`), both on the service (server ids `s-` and `sv-`). */
async function insertSyncedPost(db: Kysely<Database>, post: SyncedPost): Promise<void> {
  const { id, variant } = post;
  await insertPost(db, {
    id,
    server_id: `s-${id}`,
    workspace: 'acme',
    title: post.title,
    base: null,
    remote_state: 'active',
    conflict: null,
    error: null,
    created_at: post.createdAt,
    updated_at: post.updatedAt,
  });
  await insertVariant(db, {
    id: `${id}-x`,
    post_id: id,
    server_id: `sv-${id}`,
    platform: variant.platform,
    content: variant.content,
    account_mode: 'default',
    social_profile_id: null,
    scheduled_at: variant.scheduledAt,
    status: variant.scheduledAt === null ? 'draft' : 'scheduled',
    platform_post_url: null,
    base: null,
    remote_state: 'active',
    conflict: null,
    error: null,
    created_at: post.createdAt,
    updated_at: post.createdAt,
    reconcile_at: null,
  });
}

/** A new database file at `file` holding `count` synced posts, `postOf(i)` the i-th, in one transaction. */
export async function writeSyncedPosts(
  file: string,
  count: number,
  postOf: (i: number) => SyncedPost,
): Promise<void> {
  const store = await openDatabase({ file });
  await store.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) await insertSyncedPost(trx, postOf(i));
  });
  await store.close();
}
