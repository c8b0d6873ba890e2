// Reads of the outbox for the rest of the core (views, counts, the pull). Only core/outbox/
// touches the `outbox_op` table (an ESLint rule holds every other file to that).
import type { Kysely } from 'kysely';
import { selectByIds } from '../store/chunks';
import { preparedQuery } from '../store/prepared';
import type { Database, OutboxOpRow, VariantRow } from '../store/schema';
import { OPEN_STATES } from './op-machine';
import { type OpState } from '../store/schema';
import { parsePayload, type SentPatch } from './payload';

const opById = preparedQuery((db, id: string) => db.selectFrom('outbox_op').selectAll().where('id', '=', id));

export async function getOp(db: Kysely<Database>, id: string): Promise<OutboxOpRow | undefined> {
  return (await opById(db, id)).rows[0];
}

/** Every op not yet done, in order. Listed through the (state, seq) index: done ops are never pruned. */
export async function listOpenOps(db: Kysely<Database>): Promise<OutboxOpRow[]> {
  return db.selectFrom('outbox_op').selectAll().where('state', 'in', OPEN_STATES).orderBy('seq').execute();
}

/**
 * The posts without a title or a variant whose create still waits: what an empty New post
 * leaves behind (app/posts/untouched.ts checks each). Through the (state, seq) index.
 */
export async function listEmptyPostsWaitingToBeCreated(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('outbox_op')
    .innerJoin('post', 'post.id', 'outbox_op.post_id')
    .select('post.id')
    .where('outbox_op.state', '=', 'pending')
    .where('outbox_op.kind', '=', 'create_post')
    .where('post.title', '=', '')
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('variant').select('variant.id').whereRef('variant.post_id', '=', 'post.id')),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** An open op with what it concerns; `variant`: whether its variant may change (null: a post's op). */
export type OpWithSubject = OutboxOpRow & {
  post_title: string;
  platform: string | null;
  workspace: string | null;
  variant_status: string | null;
  variant_url: string | null;
  variant_remote_state: VariantRow['remote_state'] | null;
};

/** Open ops with what they concern: the post's title, workspace and the variant's platform and state. */
export async function listOpenOpsWithSubjects(db: Kysely<Database>): Promise<OpWithSubject[]> {
  return db
    .selectFrom('outbox_op')
    .innerJoin('post', 'post.id', 'outbox_op.post_id')
    .leftJoin('variant', 'variant.id', 'outbox_op.variant_id')
    .selectAll('outbox_op')
    .select([
      'post.title as post_title',
      'variant.platform as platform',
      'post.workspace as workspace',
      'variant.status as variant_status',
      'variant.platform_post_url as variant_url',
      'variant.remote_state as variant_remote_state',
    ])
    .where('outbox_op.state', 'in', OPEN_STATES)
    .orderBy('outbox_op.seq')
    .execute();
}

const openOpsOfPost = preparedQuery((db, postId: string) =>
  db
    .selectFrom('outbox_op')
    .selectAll()
    .where('post_id', '=', postId)
    .where('state', 'in', OPEN_STATES)
    .orderBy('seq'),
);

/** One post's open ops, in order: what each view of a post and every edit's answer read. */
export async function listOpenOpsOfPost(db: Kysely<Database>, postId: string): Promise<OutboxOpRow[]> {
  return (await openOpsOfPost(db, postId)).rows;
}

/**
 * Every op of one post, done ones too, in order: what a deletion keeps so that its undo puts
 * the post back with its ops exactly as they were.
 */
export async function listAllOpsOfPost(db: Kysely<Database>, postId: string): Promise<OutboxOpRow[]> {
  return db.selectFrom('outbox_op').selectAll().where('post_id', '=', postId).orderBy('seq').execute();
}

export async function listOpenOpsOfPosts(db: Kysely<Database>, postIds: string[]): Promise<OutboxOpRow[]> {
  return selectByIds(postIds, (part) =>
    db
      .selectFrom('outbox_op')
      .selectAll()
      .where('post_id', 'in', part)
      .where('state', 'in', OPEN_STATES)
      .orderBy('seq')
      .execute(),
  );
}

/** Every open op with only what a state needs (posts.list). */
export async function listOpenOpStates(
  db: Kysely<Database>,
): Promise<Array<Pick<OutboxOpRow, 'post_id' | 'variant_id' | 'kind' | 'state'>>> {
  return db
    .selectFrom('outbox_op')
    .select(['post_id', 'variant_id', 'kind', 'state'])
    .where('state', 'in', OPEN_STATES)
    .orderBy('seq')
    .execute();
}

export async function countOps(db: Kysely<Database>): Promise<Record<OpState, number>> {
  const rows = await db
    .selectFrom('outbox_op')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', 'in', OPEN_STATES)
    .groupBy('state')
    .execute();
  const counts: Record<OpState, number> = {
    pending: 0,
    sending: 0,
    unknown: 0,
    needs_user: 0,
    failed: 0,
    done: 0,
  };
  for (const r of rows) counts[r.state] = Number(r.n);
  return counts;
}

/** Values sent for a variant by ops not yet done, whose answers never came. */
export async function listUnconfirmedPatches(db: Kysely<Database>, variantId: string): Promise<SentPatch[]> {
  const rows = await db
    .selectFrom('outbox_op')
    .select('payload')
    .where('variant_id', '=', variantId)
    .where('state', '!=', 'done')
    .where('sent_at', 'is not', null)
    .execute();
  return rows.flatMap((row) => parsePayload(row).unconfirmed ?? []);
}

/**
 * Creates whose outcome is not settled, with the service items they may have made: while one
 * is unknown, anything unknown in its workspace (or post) may be ours and is not imported;
 * once the user is asked, only the candidates shown are held back.
 */
export async function listUnsettledCreates(
  db: Kysely<Database>,
  kind: 'create_post' | 'create_variant',
): Promise<Array<{ post_id: string; workspace: string | null; state: OpState; facts: string | null }>> {
  return db
    .selectFrom('outbox_op')
    .innerJoin('post', 'post.id', 'outbox_op.post_id')
    .select(['outbox_op.post_id', 'post.workspace', 'outbox_op.state', 'outbox_op.facts'])
    .where('outbox_op.kind', '=', kind)
    .where('outbox_op.state', 'in', ['unknown', 'sending', 'needs_user'])
    .execute();
}

/** Posts with changes still on their way (a full pull reads their variants first). */
export async function listPostsWithOpenOps(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db
    .selectFrom('outbox_op')
    .select('post_id')
    .distinct()
    .where('state', 'in', OPEN_STATES)
    .execute();
  return new Set(rows.map((r) => r.post_id));
}

/** How many ops wait for the user's decision (publishes of unknown outcome, ambiguous creates). */
export async function countNeedsUser(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('outbox_op')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'needs_user')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Variants whose ops want the user's eye (failed, unknown, a question), and posts whose create failed. */
export async function listNeedingAttention(
  db: Kysely<Database>,
): Promise<{ variantIds: string[]; postIds: string[] }> {
  const rows = await db
    .selectFrom('outbox_op')
    .select(['variant_id', 'post_id', 'kind'])
    .where('state', 'in', ['failed', 'unknown', 'needs_user'])
    .execute();
  return {
    variantIds: [...new Set(rows.flatMap((r) => (r.variant_id === null ? [] : [r.variant_id])))],
    postIds: [...new Set(rows.filter((r) => r.kind === 'create_post').map((r) => r.post_id))],
  };
}
