// The one writer of `outbox_op`. Every state change goes through `transition` (op-machine.ts)
// and is written with compare-and-set on the state it was decided from, so a decision taken on
// a stale row (the user acted, another sync moved it) changes nothing and says so.
import { sql, type Kysely } from 'kysely';
import { newLocalId } from '../store/ids';
import { redactTokenShapes } from '../store/sync-log-repository';
import type { Database, OpKind, OpState, OutboxOpRow } from '../store/schema';
import { inTransaction, logDecision, nowIso, type SyncContext } from '../store/unit-of-work';
import type { Effect, OpEvent } from './op-events';
import { KIND_GROUPS, transition } from './op-machine';
import { getOp } from './op-queries';
import { preparedQuery } from '../store/prepared';
import { questionFor, readForQuestion } from './op-question';
import { parsePayload, type OutboxPayload, type PayloadPatch, type VariantField } from './payload';

/** The op changed between being read and being written: the decision is not applied. */
export class OpMoved extends Error {
  override readonly name = 'OpMoved';
}

/** The machine refused the event for the op's state (a user action on an op that moved on). */
export class OpRefused extends Error {
  override readonly name = 'OpRefused';
}

export interface EnqueueInput {
  kind: OpKind;
  postId: string;
  variantId: string | null;
  payload?: OutboxPayload;
  now: string;
}

// The two writes of every op sent (claimed, then settled) run thousands of times a push:
// compiled once (store/prepared.ts).
const markClaimed = preparedQuery(
  (db, id: string, from: OpState, state: OpState, attempts: number, now: string, payload: string) =>
    db
      .updateTable('outbox_op')
      .set({ state, attempts, sent_at: now, updated_at: now, next_attempt_at: null, payload })
      .where('id', '=', id)
      .where('state', '=', from),
);

/** The settlement's compare-and-set; a kept column is chosen by a parameter, so one shape serves. */
const settledUpdate = preparedQuery(
  (
    db,
    id: string,
    from: OpState,
    state: OpState,
    updatedAt: string,
    nextAttemptAt: string | null,
    keepError: number,
    error: string | null,
    keepFacts: number,
    facts: string | null,
  ) =>
    db
      .updateTable('outbox_op')
      .set({
        state,
        updated_at: updatedAt,
        next_attempt_at: nextAttemptAt,
        error: sql<string | null>`case when ${keepError} then ${sql.ref('error')} else ${error} end`,
        facts: sql<string | null>`case when ${keepFacts} then ${sql.ref('facts')} else ${facts} end`,
      })
      .where('id', '=', id)
      .where('state', '=', from),
);

// An edit's own statements, run on every keystroke (compiled once, store/prepared.ts).
/** A variant's ops of one family (two kinds) still waiting to leave, oldest first. */
const waitingOfFamily = preparedQuery((db, variantId: string, kind: OpKind, otherKind: OpKind) =>
  db
    .selectFrom('outbox_op')
    .selectAll()
    .where('variant_id', '=', variantId)
    .where('state', 'in', ['pending', 'failed'])
    .where('kind', 'in', [kind, otherKind])
    .orderBy('seq'),
);

/** The waiting op takes the folded change; one claimed meanwhile is left as it left. */
const refold = preparedQuery((db, id: string, kind: OpKind, payload: string, now: string) =>
  db
    .updateTable('outbox_op')
    .set({ kind, payload, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'pending'),
);

/** A new pending op, last in the outbox: its `seq` is taken in the same statement. */
const insertPending = preparedQuery(
  (db, id: string, kind: OpKind, postId: string, variantId: string | null, payload: string, now: string) =>
    db.insertInto('outbox_op').values((eb) => ({
      id,
      seq: eb
        .selectFrom('outbox_op')
        .select(sql<number>`coalesce(max(seq), 0) + 1`.as('next'))
        .$castTo<number>(),
      kind,
      state: 'pending',
      post_id: postId,
      variant_id: variantId,
      payload,
      attempts: 0,
      next_attempt_at: null,
      error: null,
      sent_at: null,
      facts: null,
      created_at: now,
      updated_at: now,
    })),
);

/** The machine's answer to a fold: taken by a waiting op, or refused (a mistake in the caller). */
function foldInto(op: Pick<OutboxOpRow, 'state' | 'kind'>): void {
  const t = transition(op, { type: 'folded' });
  if (!t.ok) throw new OpRefused(t.reason);
}

/**
 * Adds an op, or folds it into one already waiting, so a burst of keystrokes becomes one
 * request. Returns the id of the op that carries it. Call inside the same unit of work as the
 * local change it stands for. Ops it replaces are superseded through the machine (and logged);
 * a fold is one compare-and-set, decided by the machine in memory: this runs on every keystroke.
 */
export async function enqueue(ctx: SyncContext, input: EnqueueInput): Promise<string> {
  const { kind, variantId, now } = input;
  const db = ctx.db;
  if (variantId !== null && KIND_GROUPS[kind] === 'change') {
    const [first, second]: [OpKind, OpKind] =
      kind === 'update_variant' ? ['create_variant', 'update_variant'] : ['schedule', 'unschedule'];
    const waiting = (await waitingOfFamily(db, variantId, first, second)).rows;
    const pendingCreate = waiting.find((op) => op.kind === 'create_variant' && op.state === 'pending');
    // A create reads the variant's current content when it leaves: nothing more to send.
    if (pendingCreate) {
      foldInto(pendingCreate);
      return pendingCreate.id;
    }
    const same = waiting.filter((op) => op.kind !== 'create_variant');
    const fields = new Set<VariantField>(input.payload?.fields ?? []);
    for (const op of same) for (const f of parsePayload(op).fields ?? []) fields.add(f);
    const keep = same.find((op) => op.state === 'pending');
    // Failed ops of the family are superseded by the newer edit (nothing of them was applied).
    for (const op of same)
      if (op !== keep)
        await settle(ctx, op, {
          event: { type: 'superseded' },
          reason: `A newer ${kind.replaceAll('_', ' ')} replaces this ${op.kind.replaceAll('_', ' ')}; it goes as one request.`,
        });
    const next: OutboxPayload = kind === 'update_variant' ? { fields: [...fields].sort() } : {};
    // A change sent again because the service did not keep it carries its count along.
    if (input.payload?.notKept !== undefined) next.notKept = input.payload.notKept;
    // An earlier request of the op kept may already be applied: its values stay recognisable.
    const unconfirmed = keep ? parsePayload(keep).unconfirmed : undefined;
    const payload = unconfirmed ? { ...next, unconfirmed } : next;
    if (keep) {
      foldInto(keep);
      await refold(db, keep.id, kind, JSON.stringify(payload), now);
      // Typing folds every keystroke and is not logged; a schedule turned into an unschedule is.
      if (keep.kind !== kind)
        await logDecision(ctx, {
          action: 'folded',
          reason: `The waiting ${keep.kind} becomes an ${kind}: only the newest choice is sent.`,
          postId: keep.post_id,
          variantId,
        });
      return keep.id;
    }
    return insertOp(db, { ...input, payload });
  }
  // A publish the user asks for again supersedes one the service refused (nothing was applied).
  if (variantId !== null && kind === 'publish')
    for (const op of await failedPublishes(db, variantId))
      await settle(ctx, op, {
        event: { type: 'superseded' },
        reason: 'The user asked to publish again: the refused publish is replaced by a new one.',
      });
  return insertOp(db, input);
}

async function insertOp(db: Kysely<Database>, input: EnqueueInput): Promise<string> {
  const id = newLocalId();
  const payload = JSON.stringify(input.payload ?? {});
  await insertPending(db, id, input.kind, input.postId, input.variantId, payload, input.now);
  return id;
}

function failedPublishes(db: Kysely<Database>, variantId: string) {
  return db
    .selectFrom('outbox_op')
    .select(['id', 'state', 'kind', 'post_id', 'variant_id'])
    .where('variant_id', '=', variantId)
    .where('kind', '=', 'publish')
    .where('state', '=', 'failed')
    .execute();
}

/** What a runner makes of the rows at claim time: a request, or why none leaves now. */
export type Built<T> =
  | { request: T; payload?: OutboxPayload }
  /** Not now: the op stays pending and the rest of its post waits (a post without a title). */
  | { hold: string }
  /** Nothing to send: the op is done (already linked, nothing the service takes changed). */
  | { done: string };

/**
 * Claims a pending op for sending: reads the rows, builds the request from them and commits
 * `sending` in one transaction, before the request leaves. An edit saved before rides on this
 * request; one saved after finds the op `sending` and becomes a new op.
 * When `build` gives no request, the op is left as it is for the caller to settle.
 * A publish's claim is synced to disk before it returns (store/durable-commit.ts): rolled back
 * by a power cut after its request left, it would publish the variant again.
 */
export async function claim<R, T>(
  ctx: SyncContext,
  op: Pick<OutboxOpRow, 'id' | 'state' | 'kind'>,
  read: (db: Kysely<Database>, current: OutboxOpRow, t: SyncContext) => Promise<R>,
  build: (rows: R, current: OutboxOpRow) => Built<T>,
): Promise<Built<T>> {
  return inTransaction(
    ctx,
    async (tctx) => {
      const trx = tctx.db;
      const current = await getOp(trx, op.id);
      // Claimed only in the state it was listed in: a user's decision meanwhile (kept
      // unpublished, superseded) is never overridden by a request built from the old state.
      if (current === undefined || current.state !== op.state)
        throw new OpMoved(
          `The ${op.kind} operation was ${current ? `set ${current.state}` : 'withdrawn'} while this sync ran.`,
        );
      const t = transition(current, { type: 'claim' });
      if (!t.ok) throw new OpRefused(t.reason);
      const outgoing = build(await read(trx, current, tctx), current);
      if (!('request' in outgoing)) return outgoing;
      const now = nowIso(ctx);
      await markClaimed(
        trx,
        op.id,
        current.state,
        t.next,
        current.attempts + 1,
        now,
        JSON.stringify(outgoing.payload ?? parsePayload(current)),
      );
      return outgoing;
    },
    { durable: op.kind === 'publish' },
  );
}

export interface Settlement {
  event: OpEvent;
  /** Writes what the service answered; runs in the same commit as the op's new state. */
  record?: (t: SyncContext) => Promise<void>;
  /** What the decision log says happened (default: the op's kind and the event). */
  action?: string;
  /** Why, for the log (default: the event's reason). */
  reason?: string;
  /** Something the status bar should say, not only the log (an answer too large to read). */
  note?: string;
  /** What to remember in the op's payload with its new state (rare: not on the path of every answer). */
  payload?: PayloadPatch;
}

/** What applying an event did: the op's new state and the effects the caller acts on. */
export interface Applied {
  state: OpState;
  effects: readonly Effect[];
}

/**
 * Applies one event to an op: the machine decides, the row changes only if it is still in the
 * state the decision was taken from, and the answer is recorded and the decision logged in the
 * same commit. Throws OpRefused when the machine refuses, OpMoved when the row moved meanwhile.
 */
export async function settle(
  ctx: SyncContext,
  op: Pick<OutboxOpRow, 'id' | 'state' | 'kind' | 'post_id' | 'variant_id'>,
  s: Settlement,
): Promise<Applied> {
  const t = transition(op, s.event);
  if (!t.ok) throw new OpRefused(t.reason);
  const event = s.event;
  return inTransaction(ctx, async (tctx) => {
    const now = nowIso(tctx);
    // Only a question needs the row's facts; every other settlement is one compare-and-set.
    const asked =
      t.next === 'needs_user' ? questionFor(op.kind, event, await readForQuestion(tctx.db, op.id)) : null;
    const keeps = t.next === 'failed' || t.next === 'unknown' || t.next === 'needs_user';
    const at = 'at' in event ? event.at : undefined;
    // An op's error quotes the service: kept only without secrets in it. A state that keeps
    // the error and facts leaves them as they are (their argument is then unused).
    const keepError = t.error === null && keeps;
    const keepFacts = t.next === 'unknown';
    const changed = await settledUpdate(
      tctx.db,
      op.id,
      op.state,
      t.next,
      now,
      t.effects.includes('wait') && at !== undefined ? at : null,
      keepError ? 1 : 0,
      t.error === null ? null : (tctx.redact ?? redactTokenShapes)(t.error),
      keepFacts ? 1 : 0,
      keepFacts || asked === null ? null : JSON.stringify(asked),
    );
    if (Number(changed.numAffectedRows ?? 0) !== 1)
      throw new OpMoved(`The ${op.kind} operation was no longer ${op.state} when its outcome came.`);
    if (s.payload !== undefined) {
      const patch = JSON.stringify(s.payload);
      await tctx.db
        .updateTable('outbox_op')
        // A payload that is not JSON (a damaged row) takes the patch as the whole of it.
        .set({
          payload: sql<string>`case when json_valid(payload) then json_patch(payload, ${patch}) else json_patch('{}', ${patch}) end`,
        })
        .where('id', '=', op.id)
        .execute();
    }
    if (t.effects.includes('record') && s.record) await s.record(tctx);
    const reason = s.reason ?? ('reason' in event ? event.reason : `${event.type.replaceAll('_', ' ')}.`);
    await logDecision(tctx, {
      action: s.action ?? event.type,
      reason,
      postId: op.post_id,
      variantId: op.variant_id,
    });
    tctx.emit({ name: 'itemChanged', data: { postId: op.post_id, variantId: op.variant_id } });
    return { state: t.next, effects: t.effects };
  });
}

/** A refused create blocks what follows; the user's new edit is the fix, so it goes again. */
export async function reviveRefusedCreate(
  ctx: SyncContext,
  postId: string,
  variantId: string | null,
): Promise<void> {
  let q = ctx.db
    .selectFrom('outbox_op')
    .select(['id', 'state', 'kind', 'post_id', 'variant_id'])
    .where('post_id', '=', postId)
    .where('state', '=', 'failed');
  q =
    variantId === null
      ? q.where('kind', '=', 'create_post')
      : q.where('kind', '=', 'create_variant').where('variant_id', '=', variantId);
  for (const op of await q.execute()) await settle(ctx, op, { event: { type: 'edited' } });
}

/**
 * Puts back the ops of an item deleted before it reached the service (its undo): the rows as
 * they were before their withdrawal, so the item goes out as it would have. Each keeps its
 * place in the outbox unless a newer op took it meanwhile; then they go last, in their order.
 * Call in the transaction that puts the item's rows back.
 */
export async function restoreOps(ctx: SyncContext, ops: readonly OutboxOpRow[]): Promise<void> {
  if (ops.length === 0) return;
  const seqs = ops.map((op) => op.seq);
  const taken = await ctx.db.selectFrom('outbox_op').select('seq').where('seq', 'in', seqs).execute();
  const last = taken.length === 0 ? 0 : await maxSeq(ctx.db);
  const ordered = [...ops].sort((a, b) => a.seq - b.seq);
  for (const [i, op] of ordered.entries())
    await ctx.db
      .insertInto('outbox_op')
      .values({ ...op, seq: taken.length === 0 ? op.seq : last + i + 1 })
      .execute();
}

async function maxSeq(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('outbox_op')
    .select(sql<number>`coalesce(max(seq), 0)`.as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}
