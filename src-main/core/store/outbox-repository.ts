// The outbox: every local change the service has not seen yet, as ordered operations.
// Repeated edits collapse into the pending op, so a burst of keystrokes becomes one request.
import { newLocalId } from './ids';
import type { Kysely } from 'kysely';
import type { Database, OutboxKind, OutboxOpRow, OutboxState } from './schema';
import { chunked, IDS_PER_STATEMENT } from './chunks';

export type VariantField = 'content' | 'account';

/** The fields one change request carried, as sent. */
export interface SentPatch {
  content?: string;
  scheduled_at?: string | null;
  social_profile_id?: string | null;
}

export interface OutboxPayload {
  fields?: VariantField[];
  /**
   * What this op's requests carried while no answer confirmed them (the last few): the service
   * may hold one already, and a pull must recognise it as ours rather than as someone's edit.
   */
  unconfirmed?: SentPatch[];
}

/** How many unanswered requests of one op are remembered. */
const UNCONFIRMED_KEPT = 5;

export function withUnconfirmed(payload: OutboxPayload, patch: SentPatch): OutboxPayload {
  return { ...payload, unconfirmed: [...(payload.unconfirmed ?? []), patch].slice(-UNCONFIRMED_KEPT) };
}

export interface EnqueueInput {
  kind: OutboxKind;
  postId: string;
  variantId: string | null;
  payload?: OutboxPayload;
  now: string;
}

export function parsePayload(op: Pick<OutboxOpRow, 'payload'>): OutboxPayload {
  return JSON.parse(op.payload) as OutboxPayload;
}

async function nextSeq(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('outbox_op')
    .select((eb) => eb.fn.max<number>('seq').as('max'))
    .executeTakeFirst();
  return (row?.max ?? 0) + 1;
}

/**
 * Adds an op, or folds it into one already waiting. Returns the id of the op that carries it.
 * Call inside the same transaction as the local change it stands for.
 */
export async function enqueue(db: Kysely<Database>, input: EnqueueInput): Promise<string> {
  const { kind, variantId, now } = input;
  if (variantId !== null && (kind === 'update_variant' || kind === 'schedule' || kind === 'unschedule')) {
    const family: OutboxKind[] =
      kind === 'update_variant' ? ['create_variant', 'update_variant'] : ['schedule', 'unschedule'];
    const waiting = await db
      .selectFrom('outbox_op')
      .selectAll()
      .where('variant_id', '=', variantId)
      .where('state', 'in', ['pending', 'failed'])
      .where('kind', 'in', family)
      .orderBy('seq')
      .execute();
    const pendingCreate = waiting.find((op) => op.kind === 'create_variant' && op.state === 'pending');
    // A create reads the variant's current content when it leaves: nothing more to send.
    if (pendingCreate) return pendingCreate.id;
    const same = waiting.filter((op) => op.kind !== 'create_variant');
    const fields = new Set<VariantField>(input.payload?.fields ?? []);
    for (const op of same) for (const f of parsePayload(op).fields ?? []) fields.add(f);
    const keep = same.find((op) => op.state === 'pending');
    // Failed ops of the same kind are superseded by the newer edit.
    const superseded = same.filter((op) => op !== keep).map((op) => op.id);
    if (superseded.length > 0) await db.deleteFrom('outbox_op').where('id', 'in', superseded).execute();
    const next: OutboxPayload = kind === 'update_variant' ? { fields: [...fields].sort() } : {};
    // An earlier request of the op kept may already be applied: its values stay recognisable.
    const unconfirmed = keep ? parsePayload(keep).unconfirmed : undefined;
    const payload = JSON.stringify(unconfirmed ? { ...next, unconfirmed } : next);
    if (keep) {
      await db
        .updateTable('outbox_op')
        .set({ kind, payload, updated_at: now })
        .where('id', '=', keep.id)
        .execute();
      return keep.id;
    }
    return insertOp(db, { ...input, payload: JSON.parse(payload) as OutboxPayload });
  }
  if (variantId !== null && kind === 'publish') {
    // A publish the user asks for again supersedes one the service refused (nothing was applied).
    await db
      .deleteFrom('outbox_op')
      .where('variant_id', '=', variantId)
      .where('kind', '=', 'publish')
      .where('state', '=', 'failed')
      .execute();
  }
  return insertOp(db, input);
}

async function insertOp(db: Kysely<Database>, input: EnqueueInput): Promise<string> {
  const id = newLocalId();
  await db
    .insertInto('outbox_op')
    .values({
      id,
      seq: await nextSeq(db),
      kind: input.kind,
      state: 'pending',
      post_id: input.postId,
      variant_id: input.variantId,
      payload: JSON.stringify(input.payload ?? {}),
      attempts: 0,
      next_attempt_at: null,
      error: null,
      sent_at: null,
      created_at: input.now,
      updated_at: input.now,
    })
    .execute();
  return id;
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

export async function getOp(db: Kysely<Database>, id: string): Promise<OutboxOpRow | undefined> {
  return db.selectFrom('outbox_op').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every op not yet done, in order. */
export async function listOpenOps(db: Kysely<Database>): Promise<OutboxOpRow[]> {
  return db.selectFrom('outbox_op').selectAll().where('state', '!=', 'done').orderBy('seq').execute();
}

/** Open ops with what they concern: the post's title and the variant's platform. */
export async function listOpenOpsWithSubjects(
  db: Kysely<Database>,
): Promise<Array<OutboxOpRow & { post_title: string; platform: string | null }>> {
  return db
    .selectFrom('outbox_op')
    .innerJoin('post', 'post.id', 'outbox_op.post_id')
    .leftJoin('variant', 'variant.id', 'outbox_op.variant_id')
    .selectAll('outbox_op')
    .select(['post.title as post_title', 'variant.platform as platform'])
    .where('outbox_op.state', '!=', 'done')
    .orderBy('outbox_op.seq')
    .execute();
}

export async function listOpenOpsOfPosts(db: Kysely<Database>, postIds: string[]): Promise<OutboxOpRow[]> {
  if (postIds.length === 0) return [];
  const out: OutboxOpRow[] = [];
  for (const part of chunked(postIds, IDS_PER_STATEMENT)) {
    out.push(
      ...(await db
        .selectFrom('outbox_op')
        .selectAll()
        .where('post_id', 'in', part)
        .where('state', '!=', 'done')
        .orderBy('seq')
        .execute()),
    );
  }
  return out;
}

// Every state but done, spelled out so SQLite can use the (state, seq) index (it cannot for
// `!= 'done'`); the Record makes a new state a compile error here rather than a missed op.
const OPEN_STATES = Object.keys({
  pending: true,
  sending: true,
  failed: true,
  unknown: true,
} satisfies Record<Exclude<OutboxState, 'done'>, true>) as Array<Exclude<OutboxState, 'done'>>;

/**
 * Every open op with only what a state needs. Done ops are never pruned: through the index the
 * cost follows the open ops, where `state != 'done'` reads the whole history.
 */
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

export async function setOpState(
  db: Kysely<Database>,
  id: string,
  state: OutboxState,
  fields: {
    error?: string | null;
    nextAttemptAt?: string | null;
    attempts?: number;
    sentAt?: string | null;
    now: string;
  },
): Promise<void> {
  await db
    .updateTable('outbox_op')
    .set({
      state,
      updated_at: fields.now,
      ...(fields.error !== undefined ? { error: fields.error } : {}),
      ...(fields.nextAttemptAt !== undefined ? { next_attempt_at: fields.nextAttemptAt } : {}),
      ...(fields.attempts !== undefined ? { attempts: fields.attempts } : {}),
      ...(fields.sentAt !== undefined ? { sent_at: fields.sentAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteOpenOpsOfVariant(
  db: Kysely<Database>,
  variantId: string,
  kinds: OutboxKind[],
): Promise<void> {
  await db
    .deleteFrom('outbox_op')
    .where('variant_id', '=', variantId)
    .where('kind', 'in', kinds)
    .where('state', 'in', ['pending', 'failed'])
    .execute();
}

export async function countOps(db: Kysely<Database>): Promise<Record<OutboxState, number>> {
  const rows = await db
    .selectFrom('outbox_op')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', '!=', 'done')
    .groupBy('state')
    .execute();
  const counts: Record<OutboxState, number> = { pending: 0, sending: 0, done: 0, failed: 0, unknown: 0 };
  for (const r of rows) counts[r.state] = Number(r.n);
  return counts;
}
