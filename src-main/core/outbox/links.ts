// Which local item a service record is linked to. Every answer that would link an item, and
// every link the user chooses, is checked here first: a record is linked to one local item.
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

/** Whether another local item than `own` is linked to the service record `serverId` of the workspace. */
export async function linkedToOther(
  db: Kysely<Database>,
  kind: 'post' | 'variant',
  slug: string,
  serverId: string,
  own: string,
): Promise<boolean> {
  const row =
    kind === 'post'
      ? await db
          .selectFrom('post')
          .select('id')
          .where('workspace', '=', slug)
          .where('server_id', '=', serverId)
          .where('id', '!=', own)
          .executeTakeFirst()
      : await db
          .selectFrom('variant')
          .innerJoin('post', 'post.id', 'variant.post_id')
          .select('variant.id')
          .where('post.workspace', '=', slug)
          .where('variant.server_id', '=', serverId)
          .where('variant.id', '!=', own)
          .executeTakeFirst();
  return row !== undefined;
}
