// Which local item a service record is linked to. Every answer that would link an item, and
// every link the user chooses, is checked here first: a record is linked to one local item.
import type { Kysely } from 'kysely';
import { preparedQuery } from '../store/prepared';
import type { Database } from '../store/schema';

/**
 * The workspace's variants linked to the service record `serverId` (other than `except`).
 * SQLite keeps the left table of a cross join as the outer loop: the variants, through their
 * index of service ids (`variant_server`). Left to choose without statistics (Outpost runs no
 * ANALYZE), it walked every post of the workspace instead, 18 ms at 50,000 posts.
 */
export function variantsLinkedTo(
  db: Kysely<Database>,
  slug: string,
  serverId: string,
  except: string | null,
) {
  return db
    .selectFrom('variant')
    .crossJoin('post')
    .whereRef('post.id', '=', 'variant.post_id')
    .select('variant.id')
    .where('variant.server_id', '=', serverId)
    .where('post.workspace', '=', slug)
    .$if(except !== null, (q) => q.where('variant.id', '!=', except as string));
}

// A push checks every answer: compiled once (store/prepared.ts).
const otherPostLinked = preparedQuery((db, slug: string, serverId: string, except: string) =>
  db
    .selectFrom('post')
    .select('id')
    .where('workspace', '=', slug)
    .where('server_id', '=', serverId)
    .where('id', '!=', except)
    .limit(1),
);
const otherVariantLinked = preparedQuery((db, slug: string, serverId: string, except: string) =>
  variantsLinkedTo(db, slug, serverId, except).limit(1),
);

/** The local item other than `except` linked to the service record `serverId` of the workspace, if any. */
export async function linkedItem(
  db: Kysely<Database>,
  kind: 'post' | 'variant',
  slug: string,
  serverId: string,
  except: string,
): Promise<string | null> {
  const other = kind === 'post' ? otherPostLinked : otherVariantLinked;
  return (await other(db, slug, serverId, except)).rows[0]?.id ?? null;
}

/** Whether another local item than `own` is linked to the service record `serverId` of the workspace. */
export async function linkedToOther(
  db: Kysely<Database>,
  kind: 'post' | 'variant',
  slug: string,
  serverId: string,
  own: string,
): Promise<boolean> {
  return (await linkedItem(db, kind, slug, serverId, own)) !== null;
}
