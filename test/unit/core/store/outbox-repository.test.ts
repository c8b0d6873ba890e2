import { beforeEach, describe, expect, it } from 'vitest';
import {
  enqueue,
  listOpenOps,
  parsePayload,
  setOpState,
} from '../../../../src-main/core/store/outbox-repository';
import { insertPost } from '../../../../src-main/core/store/post-repository';
import { insertVariant } from '../../../../src-main/core/store/variant-repository';
import { useTempStore } from './temp-store';

const store = useTempStore('outpost-outbox-');
const now = '2026-01-01T00:00:00.000Z';

beforeEach(async () => {
  await insertPost(store.db, {
    id: 'p1',
    server_id: null,
    workspace: 'w',
    title: 'T',
    base: null,
    raw: null,
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
    raw: null,
    remote_state: 'active',
    conflict: null,
    error: null,
    publish_unknown: null,
    created_at: now,
    updated_at: now,
    reconcile_at: null,
  });
});

describe('outbox coalescing', () => {
  it('folds repeated edits of a variant into one pending op with the union of fields', async () => {
    const a = await enqueue(store.db, {
      kind: 'update_variant',
      postId: 'p1',
      variantId: 'v1',
      payload: { fields: ['content'] },
      now,
    });
    const b = await enqueue(store.db, {
      kind: 'update_variant',
      postId: 'p1',
      variantId: 'v1',
      payload: { fields: ['content'] },
      now,
    });
    const c = await enqueue(store.db, {
      kind: 'update_variant',
      postId: 'p1',
      variantId: 'v1',
      payload: { fields: ['account'] },
      now,
    });
    expect(b).toBe(a);
    expect(c).toBe(a);
    const ops = await listOpenOps(store.db);
    expect(ops).toHaveLength(1);
    expect(parsePayload(ops[0]!).fields).toEqual(['account', 'content']);
  });

  it('an edit while the create is still waiting adds nothing: the create sends the current text', async () => {
    const create = await enqueue(store.db, { kind: 'create_variant', postId: 'p1', variantId: 'v1', now });
    const edit = await enqueue(store.db, {
      kind: 'update_variant',
      postId: 'p1',
      variantId: 'v1',
      payload: { fields: ['content'] },
      now,
    });
    expect(edit).toBe(create);
    expect(await listOpenOps(store.db)).toHaveLength(1);
  });

  it('schedule then unschedule collapse to the last one', async () => {
    const a = await enqueue(store.db, { kind: 'schedule', postId: 'p1', variantId: 'v1', now });
    const b = await enqueue(store.db, { kind: 'unschedule', postId: 'p1', variantId: 'v1', now });
    expect(b).toBe(a);
    const ops = await listOpenOps(store.db);
    expect(ops.map((o) => o.kind)).toEqual(['unschedule']);
  });

  it('does not fold into an op already sending; supersedes a failed one', async () => {
    const a = await enqueue(store.db, {
      kind: 'update_variant',
      postId: 'p1',
      variantId: 'v1',
      payload: { fields: ['content'] },
      now,
    });
    await setOpState(store.db, a, 'sending', { now });
    const b = await enqueue(store.db, {
      kind: 'update_variant',
      postId: 'p1',
      variantId: 'v1',
      payload: { fields: ['content'] },
      now,
    });
    expect(b).not.toBe(a);
    await setOpState(store.db, b, 'failed', { now, error: 'rejected' });
    const c = await enqueue(store.db, {
      kind: 'update_variant',
      postId: 'p1',
      variantId: 'v1',
      payload: { fields: ['account'] },
      now,
    });
    const ops = await listOpenOps(store.db);
    expect(ops.map((o) => [o.id === a, o.id === c, o.state])).toEqual([
      [true, false, 'sending'],
      [false, true, 'pending'],
    ]);
    expect(parsePayload(ops[1]!).fields).toEqual(['account', 'content']);
  });

  it('never folds publishes: each is its own op, in order after earlier ops', async () => {
    await enqueue(store.db, {
      kind: 'update_variant',
      postId: 'p1',
      variantId: 'v1',
      payload: { fields: ['content'] },
      now,
    });
    await enqueue(store.db, { kind: 'publish', postId: 'p1', variantId: 'v1', now });
    const ops = await listOpenOps(store.db);
    expect(ops.map((o) => o.kind)).toEqual(['update_variant', 'publish']);
    expect(ops[0]!.seq).toBeLessThan(ops[1]!.seq);
  });
});
