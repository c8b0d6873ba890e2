// The accounts that answered a publish with "waiting for sign-off" (migration 0010), per
// workspace. Read on every variant view (a keystroke's answer too): compiled once.
import type { Kysely } from 'kysely';
import { preparedQuery } from './prepared';
import type { Database } from './schema';

const signOffOf = preparedQuery((db, workspace: string) =>
  db.selectFrom('sign_off_account').select('profile_id').where('workspace', '=', workspace),
);

export async function listSignOffAccounts(db: Kysely<Database>, workspace: string): Promise<Set<string>> {
  return new Set((await signOffOf(db, workspace)).rows.map((r) => r.profile_id));
}

/** Remembers the account of a post's workspace as one whose publishes wait for sign-off. */
export async function rememberSignOff(
  db: Kysely<Database>,
  postId: string,
  profileId: string,
  now: string,
): Promise<void> {
  const post = await db.selectFrom('post').select('workspace').where('id', '=', postId).executeTakeFirst();
  if (!post?.workspace) return;
  await db
    .insertInto('sign_off_account')
    .values({ workspace: post.workspace, profile_id: profileId, seen_at: now })
    .onConflict((oc) => oc.columns(['workspace', 'profile_id']).doUpdateSet({ seen_at: now }))
    .execute();
}

/** Forgets it: one of its publishes went out straight away. */
export async function forgetSignOff(db: Kysely<Database>, postId: string, profileId: string): Promise<void> {
  const post = await db.selectFrom('post').select('workspace').where('id', '=', postId).executeTakeFirst();
  if (!post?.workspace) return;
  await db
    .deleteFrom('sign_off_account')
    .where('workspace', '=', post.workspace)
    .where('profile_id', '=', profileId)
    .execute();
}
