// posts.list reads lean rows (no raw or base JSON) in one statement. These tests hold it to
// what the list answered before: every summary built from full rows and full variant views,
// for every state, both spaces, every filter and searches, on a real SQLite file.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemState, PostFilter, PostSummary } from '@preload/bridge';
import { openDatabase } from '../../../src-main/core/store/db';
import { listOpenOpsOfPosts } from '../../../src-main/core/outbox/op-queries';
import type { VariantField } from '../../../src-main/core/outbox/payload';
import { insertPost, listPosts } from '../../../src-main/core/store/post-repository';
import { readJson } from '../../../src-main/core/store/json';
import { searchWords } from '../../../src-main/core/store/search-text';
import type {
  Database,
  NewPostRow,
  NewVariantRow,
  OpKind,
  OutboxOpRow,
  OpState,
  PostRow,
  VariantRow,
} from '../../../src-main/core/store/schema';
import { insertVariant, listVariantsOfPosts } from '../../../src-main/core/store/variant-repository';
import { STATE_TEXT } from '@preload/words/states';
import { postState, variantState } from '../../../src-main/core/domain/item-state';
import { openCore, tempDir, type TestCore } from './helpers';

// ---------------------------------------------------------------------------------------
// The way posts.list built its answer before it read lean rows, copied here as the reference:
// full rows (select *), then each variant's state as the old variantView computed it.

/** A conflict column's entries (none for SQL null). */
const conflictsOf = (text: string | null): unknown[] =>
  text === null ? [] : ((readJson(text) as unknown[] | undefined) ?? []);

function oldVariantState(v: VariantRow, post: PostRow, ops: OutboxOpRow[]) {
  const mine = ops.filter((o) => o.variant_id === v.id);
  const failedOp = mine.find((o) => o.state === 'failed');
  const open = mine.some((o) => o.state === 'pending' || o.state === 'sending' || o.state === 'unknown');
  const postCreateFailed = ops.find(
    (o) => o.variant_id === null && o.kind === 'create_post' && o.state === 'failed',
  );
  const conflicts = conflictsOf(v.conflict);
  return variantState({
    inLocalSpace: post.workspace === null,
    serverId: v.server_id,
    removed: v.remote_state === 'removed',
    conflict: conflicts.length > 0,
    publishUnknown: mine.some(
      (o) => o.kind === 'publish' && (o.state === 'unknown' || o.state === 'needs_user'),
    ),
    needsUser:
      mine.some((o) => o.kind === 'create_variant' && o.state === 'needs_user') ||
      ops.some((o) => o.variant_id === null && o.kind === 'create_post' && o.state === 'needs_user'),
    failed: failedOp !== undefined || postCreateFailed !== undefined,
    openOps: open,
    status: v.status,
    platform_post_url: v.platform_post_url,
    scheduled_at: v.scheduled_at,
  });
}

function oldPostOwnState(post: PostRow, ops: OutboxOpRow[]) {
  const conflicts = conflictsOf(post.conflict);
  const own = ops.filter((o) => o.variant_id === null);
  const pick = (state: keyof typeof STATE_TEXT) => ({ state, text: STATE_TEXT[state] });
  if (post.remote_state === 'removed') return pick('removed');
  if (conflicts.length > 0) return pick('conflict');
  if (own.some((o) => o.state === 'failed')) return pick('failed');
  if (own.some((o) => o.kind === 'create_post' && o.state === 'needs_user')) return pick('needs_user');
  if (post.workspace === null) return pick('local_only');
  if (post.server_id === null || own.some((o) => o.state !== 'done')) return pick('pending_sync');
  return pick('draft');
}

async function oldPostsList(
  db: Kysely<Database>,
  p: { workspace: string | null; query?: string; filter?: PostFilter },
): Promise<PostSummary[]> {
  const posts = await listPosts(db, { workspace: p.workspace, words: searchWords(p.query), sort: 'changed' });
  const ids = posts.map((x) => x.id);
  const variants = await listVariantsOfPosts(db, ids);
  const ops = await listOpenOpsOfPosts(db, ids);
  const all = posts.map((post): PostSummary => {
    const vs = variants.filter((v) => v.post_id === post.id);
    const os = ops.filter((o) => o.post_id === post.id);
    const states = vs.map((v) => oldVariantState(v, post, os));
    const s = postState(oldPostOwnState(post, os), states);
    return {
      id: post.id,
      serverId: post.server_id,
      onService: post.server_id !== null || vs.some((v) => v.server_id !== null),
      workspace: post.workspace,
      title: post.title,
      platforms: [...new Set(vs.map((v) => v.platform))],
      variants: vs.map((v, i) => ({
        id: v.id,
        platform: v.platform,
        state: states[i]!.state,
        stateText: states[i]!.text,
        scheduledAt: v.scheduled_at,
      })),
      state: s.state,
      stateText: s.text,
      updatedAt: post.updated_at,
    };
  });
  // A state filter matches a post by its own state or by any of its variants'.
  return p.filter === undefined || p.filter === 'all'
    ? all
    : all.filter((s) => s.state === p.filter || s.variants.some((v) => v.state === p.filter));
}

// ---------------------------------------------------------------------------------------
// A library with every state, in two workspaces and the local space.

const T0 = Date.parse('2030-01-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

interface VariantSpec {
  id?: string;
  platform?: string;
  /** Linked to a service variant (has a server id). */
  synced?: boolean;
  status?: string | null;
  url?: string | null;
  scheduledAt?: string | null;
  removed?: boolean;
  conflict?: string | null;
  createdAt?: string;
  /** Outbox ops of this variant, oldest first. */
  ops?: Array<[OpKind, OpState]>;
  /** The state its own variant view must show. */
  expect: ItemState;
}

interface PostSpec {
  id: string;
  workspace: string | null;
  title: string;
  serverId?: string | null;
  removed?: boolean;
  conflict?: string | null;
  updatedAt: string;
  ops?: Array<[OpKind, OpState]>;
  variants: VariantSpec[];
  /** The state the list must show for the post. */
  expect: ItemState;
  expectText?: string;
}

const CONFLICT = JSON.stringify([{ field: 'content', mine: 'a', theirs: 'b' }]);
const linked = { synced: true, status: 'draft' } as const;

const LIBRARY: PostSpec[] = [
  {
    id: 'p-draft',
    workspace: 'acme',
    title: 'Launch day, synced',
    updatedAt: at(30),
    // A pull writes a post's variants with one created_at; ids sort against insertion order.
    variants: [
      { ...linked, id: 'v-zz', platform: 'x', createdAt: at(1), expect: 'draft' },
      { ...linked, id: 'v-aa', platform: 'linkedin', createdAt: at(1), expect: 'draft' },
    ],
    expect: 'draft',
  },
  {
    id: 'p-scheduled',
    workspace: 'acme',
    title: 'Scheduled teaser',
    updatedAt: at(29),
    variants: [
      { synced: true, status: 'scheduled', scheduledAt: at(600), expect: 'scheduled' },
      { ...linked, platform: 'linkedin', expect: 'draft' },
    ],
    expect: 'scheduled',
  },
  {
    id: 'p-approval',
    workspace: 'acme',
    title: 'Needs a sign-off',
    updatedAt: at(28),
    variants: [
      { synced: true, status: 'needs_approval', platform: 'bluesky', expect: 'needs_approval' },
      { synced: true, status: 'scheduled', scheduledAt: at(600), expect: 'scheduled' },
      { synced: true, status: 'published', platform: 'threads', expect: 'published' },
    ],
    expect: 'needs_approval',
  },
  {
    id: 'p-published',
    workspace: 'acme',
    title: 'Published everywhere',
    updatedAt: at(27),
    variants: [
      { synced: true, status: 'whatever', url: 'https://x.example/1', expect: 'published' },
      { synced: true, status: 'published', url: null, platform: 'linkedin', expect: 'published' },
    ],
    // Every variant published: the post is Published (its own synced state yields to them).
    expect: 'published',
  },
  {
    id: 'p-empty-url',
    workspace: 'acme',
    title: 'An empty link is not a publication',
    updatedAt: at(26),
    variants: [
      { synced: true, status: 'draft', url: '', expect: 'draft' },
      { synced: true, status: null, platform: 'linkedin', expect: 'draft' },
    ],
    expect: 'draft',
  },
  {
    id: 'p-unknown-status',
    workspace: 'acme',
    title: 'A status the spec never named',
    updatedAt: at(25),
    variants: [
      { synced: true, status: 'in_review', expect: 'unknown_status' },
      { synced: true, status: 'scheduled', scheduledAt: at(600), platform: 'linkedin', expect: 'scheduled' },
    ],
    expect: 'unknown_status',
    expectText: 'in_review',
  },
  {
    id: 'p-failed',
    workspace: 'acme',
    title: 'The service refused an edit',
    updatedAt: at(24),
    variants: [
      { ...linked, ops: [['update_variant', 'failed']], expect: 'failed' },
      { ...linked, platform: 'linkedin', ops: [['publish', 'failed']], expect: 'failed' },
      { ...linked, platform: 'threads', expect: 'draft' },
    ],
    expect: 'failed',
  },
  {
    id: 'p-create-failed',
    workspace: 'acme',
    title: 'The post was never created',
    serverId: null,
    updatedAt: at(23),
    ops: [['create_post', 'failed']],
    variants: [{ status: null, ops: [['create_variant', 'pending']], expect: 'failed' }],
    expect: 'failed',
  },
  {
    id: 'p-conflict',
    workspace: 'acme',
    title: 'Changed on both sides',
    updatedAt: at(22),
    variants: [
      { ...linked, conflict: CONFLICT, expect: 'conflict' },
      // An empty list of conflicts is no conflict.
      { ...linked, platform: 'linkedin', conflict: '[]', expect: 'draft' },
    ],
    expect: 'conflict',
  },
  {
    id: 'p-post-conflict',
    workspace: 'acme',
    title: 'Title changed on both sides',
    conflict: JSON.stringify([{ field: 'title', mine: 'a', theirs: 'b' }]),
    updatedAt: at(21),
    variants: [{ ...linked, status: 'published', expect: 'published' }],
    expect: 'conflict',
  },
  {
    id: 'p-removed-variant',
    workspace: 'acme',
    title: 'A variant went away',
    updatedAt: at(20),
    variants: [
      { ...linked, removed: true, expect: 'removed' },
      { ...linked, platform: 'linkedin', expect: 'draft' },
    ],
    expect: 'removed',
  },
  {
    id: 'p-removed-post',
    workspace: 'acme',
    title: 'The post went away',
    removed: true,
    updatedAt: at(19),
    variants: [{ ...linked, expect: 'draft' }],
    expect: 'removed',
  },
  {
    id: 'p-publish-unknown',
    workspace: 'acme',
    title: 'Did it go out?',
    updatedAt: at(18),
    variants: [
      // The publish of unknown outcome is more urgent than the removed variant beside it.
      { ...linked, ops: [['publish', 'unknown']], expect: 'publish_unknown' },
      { ...linked, platform: 'threads', ops: [['publish', 'needs_user']], expect: 'publish_unknown' },
      { ...linked, platform: 'linkedin', removed: true, expect: 'removed' },
    ],
    expect: 'publish_unknown',
  },
  {
    id: 'p-pending',
    workspace: 'acme',
    title: 'Waiting to sync',
    updatedAt: at(17),
    variants: [
      { status: null, ops: [['create_variant', 'pending']], expect: 'pending_sync' },
      { ...linked, platform: 'linkedin', ops: [['update_variant', 'sending']], expect: 'pending_sync' },
      { ...linked, platform: 'threads', ops: [['schedule', 'unknown']], expect: 'pending_sync' },
      // Done ops are history: they change nothing.
      { ...linked, platform: 'bluesky', ops: [['update_variant', 'done']], expect: 'draft' },
    ],
    expect: 'pending_sync',
  },
  {
    id: 'p-new-post',
    workspace: 'acme',
    title: 'Brand new, no variants',
    serverId: null,
    updatedAt: at(16),
    ops: [['create_post', 'pending']],
    variants: [],
    expect: 'pending_sync',
  },
  {
    id: 'p-bare',
    workspace: 'acme',
    title: 'Synced, no variants',
    updatedAt: at(16),
    ops: [['create_post', 'done']],
    variants: [],
    expect: 'draft',
  },
  {
    id: 'p-create-asks',
    workspace: 'acme',
    title: 'Look-alikes of a create on the service',
    serverId: null,
    updatedAt: at(11),
    // The user chooses between them: the post is not "waiting to sync", nor its variants, whose
    // creates wait behind it.
    ops: [['create_post', 'needs_user']],
    variants: [{ status: null, ops: [['create_variant', 'pending']], expect: 'needs_user' }],
    expect: 'needs_user',
  },
  {
    id: 'p-variant-asks',
    workspace: 'acme',
    title: 'A variant create found look-alikes',
    updatedAt: at(10),
    variants: [
      { status: null, ops: [['create_variant', 'needs_user']], expect: 'needs_user' },
      { ...linked, platform: 'linkedin', ops: [['update_variant', 'pending']], expect: 'pending_sync' },
    ],
    expect: 'needs_user',
  },
  {
    id: 'p-same-platform',
    workspace: 'acme',
    title: '100% literal _underscores_',
    updatedAt: at(15),
    variants: [
      { ...linked, platform: 'x', createdAt: at(3), expect: 'draft' },
      { ...linked, platform: 'mastodon', createdAt: at(1), expect: 'draft' },
      { ...linked, platform: 'x', createdAt: at(2), expect: 'draft' },
    ],
    expect: 'draft',
  },
  {
    id: 'p-beta',
    workspace: 'beta',
    title: 'Launch day in another workspace',
    updatedAt: at(40),
    variants: [{ ...linked, ops: [['update_variant', 'failed']], expect: 'failed' }],
    expect: 'failed',
  },
  {
    id: 'l-draft',
    workspace: null,
    title: 'Local launch notes',
    serverId: null,
    updatedAt: at(14),
    variants: [
      { status: null, platform: 'bluesky', expect: 'local_only' },
      { status: null, platform: 'x', expect: 'local_only' },
    ],
    expect: 'local_only',
  },
  {
    id: 'l-empty',
    workspace: null,
    title: 'Local, nothing yet',
    serverId: null,
    updatedAt: at(14),
    variants: [],
    expect: 'local_only',
  },
  {
    id: 'l-failed',
    workspace: null,
    title: 'Local, with an op left from before it moved back',
    serverId: null,
    updatedAt: at(12),
    variants: [{ status: null, ops: [['update_variant', 'failed']], expect: 'failed' }],
    expect: 'failed',
  },
  {
    id: 'l-conflict',
    workspace: null,
    title: 'Local, moved back with a conflict',
    serverId: null,
    updatedAt: at(13),
    variants: [
      { status: null, conflict: CONFLICT, expect: 'conflict' },
      { status: null, platform: 'linkedin', expect: 'local_only' },
    ],
    expect: 'conflict',
  },
];

const FILTERS: Array<PostFilter | undefined> = [
  undefined,
  'all',
  ...(Object.keys(STATE_TEXT) as ItemState[]),
];
const QUERIES = [undefined, '', '   ', 'launch', 'LAUNCH DAY', 'go out', '%', '_', '100%', 'nothing like it'];
const WORKSPACES = ['acme', null, 'beta', 'nobody'];

async function fill(db: Kysely<Database>): Promise<Map<string, ItemState>> {
  const expected = new Map<string, ItemState>();
  let seq = 0;
  let n = 0;
  const op = async (postId: string, variantId: string | null, kind: OpKind, state: OpState) => {
    seq++;
    const fields: VariantField[] = ['content'];
    await db
      .insertInto('outbox_op')
      .values({
        id: `op-${seq}`,
        seq,
        kind,
        state,
        post_id: postId,
        variant_id: variantId,
        payload: JSON.stringify(kind === 'update_variant' ? { fields } : {}),
        attempts: state === 'failed' ? 1 : 0,
        next_attempt_at: null,
        error: state === 'failed' ? 'The service said no.' : null,
        sent_at: state === 'pending' ? null : at(5),
        created_at: at(5),
        updated_at: at(5),
      })
      .execute();
  };
  for (const p of LIBRARY) {
    const post: NewPostRow = {
      id: p.id,
      server_id: p.serverId === undefined ? `srv-${p.id}` : p.serverId,
      workspace: p.workspace,
      title: p.title,
      base: JSON.stringify({ title: p.title }),
      remote_state: p.removed ? 'removed' : 'active',
      conflict: p.conflict ?? null,
      error: null,
      created_at: at(0),
      updated_at: p.updatedAt,
    };
    await insertPost(db, post);
    for (const [kind, state] of p.ops ?? []) await op(p.id, null, kind, state);
    for (const v of p.variants) {
      n++;
      const id = v.id ?? `${p.id}-v${n}`;
      const row: NewVariantRow = {
        id,
        post_id: p.id,
        server_id: v.synced ? `srv-${id}` : null,
        platform: v.platform ?? 'x',
        content: `Content of ${id}: we are live, go out and look`,
        account_mode: 'default',
        social_profile_id: null,
        scheduled_at: v.scheduledAt ?? null,
        status: v.status ?? null,
        platform_post_url: v.url ?? null,
        base: JSON.stringify({
          content: 'old',
          scheduled_at: null,
          social_profile_id: null,
          status: v.status ?? null,
        }),
        remote_state: v.removed ? 'removed' : 'active',
        conflict: v.conflict ?? null,
        error: null,
        created_at: v.createdAt ?? at(n),
        updated_at: at(n),
        reconcile_at: null,
      };
      await insertVariant(db, row);
      for (const [kind, state] of v.ops ?? []) await op(p.id, id, kind, state);
      expected.set(id, v.expect);
    }
  }
  return expected;
}

let temp: ReturnType<typeof tempDir>;
let t: TestCore;
let variantStates: Map<string, ItemState>;
const reference = new Map<string, PostSummary[]>();
const key = (p: object) => JSON.stringify(p);

beforeAll(async () => {
  temp = tempDir('outpost-posts-list-');
  // Rows go straight into the file (ops too, to set their states exactly), and the reference
  // answers are read from it before the core opens it (opening changes no rows).
  const store = await openDatabase({ file: `${temp.dir}/outpost.db` });
  variantStates = await fill(store.db);
  for (const workspace of WORKSPACES)
    for (const filter of FILTERS)
      for (const query of QUERIES) {
        const p = { workspace, ...(query !== undefined ? { query } : {}), ...(filter ? { filter } : {}) };
        reference.set(key(p), await oldPostsList(store.db, p));
      }
  await store.close();
  t = await openCore({ dir: temp.dir });
});

afterAll(async () => {
  await t.close();
  temp.remove();
});

describe('posts.list', () => {
  it('answers exactly what full rows and full variant views gave, for every workspace, filter and search', async () => {
    let compared = 0;
    for (const workspace of WORKSPACES)
      for (const filter of FILTERS)
        for (const query of QUERIES) {
          const p = { workspace, ...(query !== undefined ? { query } : {}), ...(filter ? { filter } : {}) };
          expect(await t.call('posts.list', p), key(p)).toEqual(reference.get(key(p)));
          compared++;
        }
    expect(compared).toBe(WORKSPACES.length * FILTERS.length * QUERIES.length);
  });

  it('shows each post the state it must, in the list order (newest first, then title, then id)', async () => {
    const list = await t.call('posts.list', { workspace: 'acme' });
    const acme = LIBRARY.filter((p) => p.workspace === 'acme');
    const title = (p: PostSpec) => p.title.toLowerCase();
    expect(list.map((s) => s.id)).toEqual(
      [...acme]
        .sort((a, b) =>
          a.updatedAt !== b.updatedAt
            ? a.updatedAt < b.updatedAt
              ? 1
              : -1
            : title(a) !== title(b)
              ? title(a) < title(b)
                ? -1
                : 1
              : a.id < b.id
                ? -1
                : 1,
        )
        .map((p) => p.id),
    );
    for (const p of acme) {
      const s = list.find((x) => x.id === p.id)!;
      expect([p.id, s.state, s.stateText]).toEqual([p.id, p.expect, p.expectText ?? STATE_TEXT[p.expect]]);
    }
    // Every state a post can show occurs in the library, so the comparison covers each filter.
    const seen = new Set([...LIBRARY.map((p) => p.expect)]);
    expect([...seen].sort()).toEqual(Object.keys(STATE_TEXT).sort());
    const local = await t.call('posts.list', { workspace: null });
    expect(local.map((s) => [s.id, s.state, s.workspace])).toEqual([
      ['l-draft', 'local_only', null],
      ['l-empty', 'local_only', null],
      ['l-conflict', 'conflict', null],
      ['l-failed', 'failed', null],
    ]);
  });

  it('lists platforms once each, in variant order, insertion order on equal times', async () => {
    const list = await t.call('posts.list', { workspace: 'acme' });
    const platforms = (id: string) => list.find((s) => s.id === id)!.platforms;
    expect(platforms('p-draft')).toEqual(['x', 'linkedin']);
    expect(platforms('p-same-platform')).toEqual(['mastodon', 'x']);
    expect(platforms('p-new-post')).toEqual([]);
  });

  it('filters by state and searches titles and content, with % and _ taken literally', async () => {
    const ids = async (p: { workspace: string | null; query?: string; filter?: PostFilter }) =>
      (await t.call('posts.list', p)).map((s) => s.id);
    expect(await ids({ workspace: 'acme', filter: 'failed' })).toEqual(['p-failed', 'p-create-failed']);
    expect(await ids({ workspace: 'acme', filter: 'local_only' })).toEqual([]);
    expect(await ids({ workspace: 'acme', query: 'launch DAY' })).toEqual(['p-draft']);
    expect(await ids({ workspace: 'acme', query: '100%' })).toEqual(['p-same-platform']);
    expect(await ids({ workspace: 'acme', query: '_under' })).toEqual(['p-same-platform']);
    // Every variant's content says "go out": only the posts without variants are left out.
    const found = await ids({ workspace: 'acme', query: 'go out' });
    expect(found).not.toContain('p-new-post');
    expect(found).not.toContain('p-bare');
    expect(found.length).toBe(LIBRARY.filter((p) => p.workspace === 'acme').length - 2);
    expect(await ids({ workspace: null, query: 'launch', filter: 'local_only' })).toEqual(['l-draft']);
  });

  it('with a limit answers the first posts of the same list, filtered or not', async () => {
    for (const p of [
      { workspace: 'acme' },
      { workspace: 'acme', filter: 'failed' as const },
      { workspace: 'acme', query: 'go out' },
    ]) {
      const all = await t.call('posts.list', p);
      expect(all.length, key(p)).toBeGreaterThan(1);
      for (const limit of [1, 2, all.length, all.length + 5])
        expect(await t.call('posts.list', { ...p, limit }), key(p)).toEqual(all.slice(0, limit));
    }
    expect(await t.core.invoke('posts.list', { workspace: 'acme', limit: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
  });

  it('keeps each variant view in the state the shared rules give it', async () => {
    for (const p of LIBRARY) {
      const detail = await t.call('posts.get', { id: p.id });
      for (const v of detail.variants) expect([v.id, v.state]).toEqual([v.id, variantStates.get(v.id)]);
      const summary = (await t.call('posts.list', { workspace: p.workspace })).find((s) => s.id === p.id)!;
      expect([detail.state, detail.stateText]).toEqual([summary.state, summary.stateText]);
    }
  });
});
