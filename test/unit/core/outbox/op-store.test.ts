import { sql, type Kysely } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { getOp, listOpenOps } from '../../../../src-main/core/outbox/op-queries';
import { claim, enqueue, OpMoved, OpRefused, settle } from '../../../../src-main/core/outbox/op-store';
import { withdrawUnsentTimeChange } from '../../../../src-main/core/outbox/supersede';
import { parsePayload, type VariantField } from '../../../../src-main/core/outbox/payload';
import { insertPost } from '../../../../src-main/core/store/post-repository';
import type { Database } from '../../../../src-main/core/store/schema';
import { insertVariant } from '../../../../src-main/core/store/variant-repository';
import type { SyncContext } from '../../../../src-main/core/store/unit-of-work';
import { useTempStore } from '../store/temp-store';

const store = useTempStore('outpost-outbox-');
const now = '2026-01-01T00:00:00.000Z';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
function ctx(): SyncContext {
  return {
    db: store.db,
    clock: { now: () => new Date(now) },
    logger: quiet,
    emit: () => undefined,
    concurrency: 1,
    random: () => 0.5,
  };
}

/** Queues an edit of variant v1's `fields`, as variants.update does. */
const edit = (fields: VariantField[]): Promise<string> =>
  enqueue(ctx(), { kind: 'update_variant', postId: 'p1', variantId: 'v1', payload: { fields }, now });

/** Claims a pending op as the queue does, building a trivial request. */
async function send(id: string): Promise<void> {
  const op = (await getOp(store.db, id))!;
  await claim(
    ctx(),
    op,
    () => Promise.resolve(null),
    () => ({ request: 1 }),
  );
}

beforeEach(async () => {
  await insertPost(store.db, {
    id: 'p1',
    server_id: null,
    workspace: 'w',
    title: 'T',
    base: null,
    remote_state: 'active',
    conflict: null,
    error: null,
    created_at: now,
    updated_at: now,
  });
  await insertVariant(store.db, {
    id: 'v1',
    post_id: 'p1',
    server_id: 's1',
    platform: 'bluesky',
    content: 'c',
    account_mode: 'default',
    social_profile_id: null,
    scheduled_at: null,
    status: null,
    platform_post_url: null,
    base: null,
    remote_state: 'active',
    conflict: null,
    error: null,
    created_at: now,
    updated_at: now,
    reconcile_at: null,
  });
});

describe('outbox coalescing', () => {
  it('folds repeated edits of a variant into one pending op with the union of fields', async () => {
    const a = await edit(['content']);
    const b = await edit(['content']);
    const c = await edit(['account']);
    expect(b).toBe(a);
    expect(c).toBe(a);
    const ops = await listOpenOps(store.db);
    expect(ops).toHaveLength(1);
    expect(parsePayload(ops[0]!).fields).toEqual(['account', 'content']);
  });

  it('an edit while the create is still waiting adds nothing: the create sends the current text', async () => {
    const create = await enqueue(ctx(), { kind: 'create_variant', postId: 'p1', variantId: 'v1', now });
    const edited = await edit(['content']);
    expect(edited).toBe(create);
    expect(await listOpenOps(store.db)).toHaveLength(1);
  });

  it('schedule then unschedule collapse to the last one', async () => {
    const a = await enqueue(ctx(), { kind: 'schedule', postId: 'p1', variantId: 'v1', now });
    const b = await enqueue(ctx(), { kind: 'unschedule', postId: 'p1', variantId: 'v1', now });
    expect(b).toBe(a);
    const ops = await listOpenOps(store.db);
    expect(ops.map((o) => o.kind)).toEqual(['unschedule']);
  });

  it('does not fold into an op already sending; supersedes a failed one', async () => {
    const a = await edit(['content']);
    await send(a);
    const b = await edit(['content']);
    expect(b).not.toBe(a);
    await send(b);
    const sending = (await getOp(store.db, b))!;
    await settle(ctx(), sending, { event: { type: 'refused', reason: 'rejected' } });
    const c = await edit(['account']);
    const ops = await listOpenOps(store.db);
    expect(ops.map((o) => [o.id === a, o.id === c, o.state])).toEqual([
      [true, false, 'sending'],
      [false, true, 'pending'],
    ]);
    expect(parsePayload(ops[1]!).fields).toEqual(['account', 'content']);
  });

  it('never folds publishes: each is its own op, in order after earlier ops', async () => {
    await edit(['content']);
    await enqueue(ctx(), { kind: 'publish', postId: 'p1', variantId: 'v1', now });
    const ops = await listOpenOps(store.db);
    expect(ops.map((o) => o.kind)).toEqual(['update_variant', 'publish']);
    expect(ops[0]!.seq).toBeLessThan(ops[1]!.seq);
  });

  it('queues a new op after every op there has been, done ones too', async () => {
    const first = await enqueue(ctx(), { kind: 'publish', postId: 'p1', variantId: 'v1', now });
    expect((await getOp(store.db, first))!.seq).toBe(1);
    await send(first);
    await settle(ctx(), (await getOp(store.db, first))!, { event: { type: 'answered', reason: 'ok' } });
    expect((await getOp(store.db, first))!.state).toBe('done');
    const second = await enqueue(ctx(), { kind: 'publish', postId: 'p1', variantId: 'v1', now });
    const third = await enqueue(ctx(), { kind: 'unschedule', postId: 'p1', variantId: 'v1', now });
    expect([(await getOp(store.db, second))!.seq, (await getOp(store.db, third))!.seq]).toEqual([2, 3]);
  });
});

describe('a time change put back before it left', () => {
  const schedule = () => enqueue(ctx(), { kind: 'schedule', postId: 'p1', variantId: 'v1', now });
  const kinds = async () => (await listOpenOps(store.db)).map((o) => [o.kind, o.state]);

  it('is withdrawn while it was never claimed; a text edit waiting beside it stays', async () => {
    await schedule();
    await edit(['content']);
    await withdrawUnsentTimeChange(ctx(), 'v1');
    expect(await kinds()).toEqual([['update_variant', 'pending']]);
  });

  it('stays once one of its requests may have reached the service: what follows it must go', async () => {
    const first = await schedule();
    await send(first);
    await schedule();
    await withdrawUnsentTimeChange(ctx(), 'v1');
    expect(await kinds()).toEqual([
      ['schedule', 'sending'],
      ['schedule', 'pending'],
    ]);
    // Back to pending after the connection was never made: it left once, so it is kept too.
    await settle(ctx(), (await getOp(store.db, first))!, {
      event: { type: 'never_sent', reason: 'offline' },
    });
    await enqueue(ctx(), { kind: 'unschedule', postId: 'p1', variantId: 'v1', now });
    await withdrawUnsentTimeChange(ctx(), 'v1');
    // (The newer change folded into the one that left.)
    expect((await listOpenOps(store.db)).map((o) => [o.id, o.kind])).toEqual([[first, 'unschedule']]);
  });
});

describe('the one writer of outbox_op', () => {
  it('claims only an op still in the state it was read in (compare-and-set)', async () => {
    const id = await enqueue(ctx(), { kind: 'publish', postId: 'p1', variantId: 'v1', now });
    const listed = (await getOp(store.db, id))!;
    await send(id);
    // A second claim from the stale row is refused: the op is no longer pending.
    await expect(
      claim(
        ctx(),
        listed,
        () => Promise.resolve(null),
        () => ({ request: 1 }),
      ),
    ).rejects.toBeInstanceOf(OpMoved);
    const op = (await getOp(store.db, id))!;
    expect([op.state, op.attempts]).toEqual(['sending', 1]);
  });

  it('records an answer in the same commit as the state: a failing record changes nothing', async () => {
    const id = await enqueue(ctx(), { kind: 'publish', postId: 'p1', variantId: 'v1', now });
    await send(id);
    const sending = (await getOp(store.db, id))!;
    await expect(
      settle(ctx(), sending, {
        event: { type: 'answered', reason: 'ok' },
        record: () => Promise.reject(new Error('database is locked')),
      }),
    ).rejects.toThrow(/locked/);
    expect((await getOp(store.db, id))!.state).toBe('sending');
    const applied = await settle(ctx(), sending, {
      event: { type: 'outcome_unknown', reason: 'lost', at: now },
    });
    expect(applied.state).toBe('unknown');
  });

  it('refuses what the machine refuses, and writes nothing', async () => {
    const id = await enqueue(ctx(), { kind: 'publish', postId: 'p1', variantId: 'v1', now });
    const op = (await getOp(store.db, id))!;
    await expect(settle(ctx(), op, { event: { type: 'user_publish_again' } })).rejects.toBeInstanceOf(
      OpRefused,
    );
    expect((await getOp(store.db, id))!.state).toBe('pending');
  });

  it('a publish whose read-back shows nothing asks the user, with the facts kept on the op', async () => {
    const id = await enqueue(ctx(), { kind: 'publish', postId: 'p1', variantId: 'v1', now });
    await send(id);
    let op = (await getOp(store.db, id))!;
    await settle(ctx(), op, { event: { type: 'outcome_unknown', reason: 'The connection broke.', at: now } });
    op = (await getOp(store.db, id))!;
    await settle(ctx(), op, { event: { type: 'read_back_absent', reason: 'Read back: draft.' } });
    op = (await getOp(store.db, id))!;
    expect(op.state).toBe('needs_user');
    expect(JSON.parse(op.facts!)).toEqual({
      publishUnknown: { requestedAt: now, reason: 'The connection broke.', readBack: 'Read back: draft.' },
    });
  });
});

describe('what a settlement remembers in the payload', () => {
  it('sets and removes keys with the state, leaving the rest of the payload as it was', async () => {
    const id = await enqueue(ctx(), { kind: 'schedule', postId: 'p1', variantId: 'v1', now });
    await send(id);
    let op = (await getOp(store.db, id))!;
    await settle(ctx(), op, {
      event: { type: 'outcome_unknown', reason: 'Not about the change.', at: now },
      payload: { answerMismatch: true },
    });
    op = (await getOp(store.db, id))!;
    expect(parsePayload(op)).toEqual({ answerMismatch: true });
    await settle(ctx(), op, {
      event: { type: 'not_kept', reason: 'Not kept.', times: 1 },
      payload: { notKept: 1, answerMismatch: null },
    });
    op = (await getOp(store.db, id))!;
    expect([op.state, parsePayload(op)]).toEqual(['pending', { notKept: 1 }]);
  });

  it('a change sent again because it was not kept carries its count into the op it folds into', async () => {
    const first = await enqueue(ctx(), { kind: 'unschedule', postId: 'p1', variantId: 'v1', now });
    const again = await enqueue(ctx(), {
      kind: 'schedule',
      postId: 'p1',
      variantId: 'v1',
      payload: { notKept: 2 },
      now,
    });
    expect(again).toBe(first);
    const op = (await getOp(store.db, first))!;
    expect([op.kind, parsePayload(op)]).toEqual(['schedule', { notKept: 2 }]);
  });
});

describe('a claim that must outlive a power cut', () => {
  /** SQLite's setting for the connection's commits: 1 NORMAL, 2 FULL (synced to disk). */
  const syncSetting = async (db: Kysely<Database>): Promise<number> =>
    (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!.synchronous;

  /** Claims the op and reports the setting its claim's transaction ran under. */
  async function settingOfClaim(id: string): Promise<number> {
    const op = (await getOp(store.db, id))!;
    let seen = -1;
    await claim(
      ctx(),
      op,
      async (trx) => {
        seen = await syncSetting(trx);
      },
      () => ({ request: 1 }),
    );
    return seen;
  }

  it("commits a publish's claim synced to disk, then goes back to NORMAL", async () => {
    const id = await enqueue(ctx(), { kind: 'publish', postId: 'p1', variantId: 'v1', now });
    expect(await syncSetting(store.db)).toBe(1);
    expect(await settingOfClaim(id)).toBe(2);
    expect((await getOp(store.db, id))?.state).toBe('sending');
    expect(await syncSetting(store.db)).toBe(1);
  });

  it('leaves the claims of other ops at NORMAL (thousands a push; at worst sent again)', async () => {
    const id = await edit(['content']);
    expect(await settingOfClaim(id)).toBe(1);
  });
});
