// Find: posts.list filtered by platform, account, state and the time a variant goes
// out, each alone and together, sorted four ways in a stable order, searched in titles and
// texts ignoring case and accents; the order the user chose is kept across a restart. On a real
// SQLite file: the rows go in through the repositories, as the app writes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, PostPage, PostSort } from '@preload/bridge';
import { openDatabase } from '../../../src-main/core/store/db';
import { insertPost, updatePost } from '../../../src-main/core/store/post-repository';
import { setSetting } from '../../../src-main/core/store/settings-repository';
import { insertVariant } from '../../../src-main/core/store/variant-repository';
import { replaceProfiles, upsertWorkspaces } from '../../../src-main/core/store/workspace-repository';
import type { NewVariantRow } from '../../../src-main/core/store/schema';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { ManualClock, openCore, tempDir, type TestCore } from './helpers';

const T0 = Date.parse('2030-03-04T00:00:00.000Z'); // a Monday
const day = (d: number, hour = 9) => new Date(T0 + d * 86_400_000 + hour * 3_600_000).toISOString();
const THIS_WEEK = { from: day(0, 0), to: day(7, 0) };
const LAST_WEEK = { from: day(-7, 0), to: day(0, 0) };

interface VariantSpec {
  platform: string;
  content: string;
  /** A chosen account, or the one the service picked for "platform default" (in the base). */
  account?: { chosen: string } | { serviceChose: string };
  scheduledAt?: string;
  publishedAt?: string;
}

interface PostSpec {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  variants: VariantSpec[];
}

// Posts of workspace acme. Times: "created" and "changed" differ in order on purpose, and two
// posts share one change time (as a pull's imports do).
const LIBRARY: PostSpec[] = [
  {
    id: 'p-cafe',
    title: 'Café launch',
    createdAt: day(-20),
    updatedAt: day(-1),
    variants: [
      {
        platform: 'x',
        content: 'The café opens its doors',
        account: { chosen: 'p-north' },
        scheduledAt: day(2),
      },
      { platform: 'linkedin', content: 'We open a café. Crème brûlée for everyone.' },
    ],
  },
  {
    id: 'p-digest',
    title: 'Weekly digest',
    createdAt: day(-10),
    updatedAt: day(-3),
    variants: [
      { platform: 'x', content: 'This week in coffee', account: { serviceChose: 'p-north' } },
      { platform: 'linkedin', content: 'Digest', account: { chosen: 'p-li' }, scheduledAt: day(30) },
    ],
  },
  {
    id: 'p-hiring',
    title: 'ÉTÉ hiring',
    createdAt: day(-30),
    updatedAt: day(-3),
    variants: [
      { platform: 'linkedin', content: 'Join us', account: { chosen: 'p-li' }, publishedAt: day(-5) },
    ],
  },
  {
    id: 'p-zebra',
    title: 'Zebra crossing',
    createdAt: day(-5),
    updatedAt: day(-6),
    variants: [
      { platform: 'twitter', content: 'Stripes', account: { chosen: 'p-other' }, scheduledAt: day(1, 14) },
    ],
  },
  { id: 'p-apple', title: 'apple picking', createdAt: day(-1), updatedAt: day(-7), variants: [] },
];

let temp: ReturnType<typeof tempDir>;
let t: TestCore;

async function fill(file: string): Promise<void> {
  const store = await openDatabase({ file });
  const db = store.db;
  const now = day(-40);
  await upsertWorkspaces(db, [{ slug: 'acme', name: 'Acme', raw: {} }], now);
  await replaceProfiles(
    db,
    'acme',
    [
      { id: 'p-north', platform: 'x', is_active: true, label: 'Northwind', raw: {} },
      { id: 'p-other', platform: 'x', is_active: true, label: 'Other', raw: {} },
      { id: 'p-li', platform: 'linkedin', is_active: true, label: 'Northwind on LinkedIn', raw: {} },
    ],
    now,
  );
  let n = 0;
  for (const p of LIBRARY) {
    await insertPost(db, {
      id: p.id,
      server_id: `s-${p.id}`,
      workspace: 'acme',
      title: p.title,
      base: JSON.stringify({ title: p.title }),
      remote_state: 'active',
      conflict: null,
      error: null,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    });
    for (const v of p.variants) {
      n++;
      const account = v.account;
      const chosen = account && 'chosen' in account ? account.chosen : null;
      const serviceChose = account && 'serviceChose' in account ? account.serviceChose : null;
      const row: NewVariantRow = {
        id: `${p.id}-v${n}`,
        post_id: p.id,
        server_id: `sv-${n}`,
        platform: v.platform,
        content: v.content,
        account_mode: chosen ? 'profile' : 'default',
        social_profile_id: chosen,
        scheduled_at: v.scheduledAt ?? v.publishedAt ?? null,
        status: v.publishedAt ? 'published' : v.scheduledAt ? 'scheduled' : 'draft',
        platform_post_url: v.publishedAt ? `https://social.example/${n}` : null,
        base: JSON.stringify({
          content: v.content,
          scheduled_at: v.scheduledAt ?? null,
          social_profile_id: chosen ?? serviceChose,
          status: 'draft',
          platform_post_url: null,
        }),
        published_at: v.publishedAt ?? null,
        remote_state: 'active',
        conflict: null,
        error: null,
        created_at: p.createdAt,
        updated_at: p.createdAt,
        reconcile_at: null,
      };
      await insertVariant(db, row);
    }
  }
  await store.close();
}

type ListPayload = CommandPayload<'posts.list'>;
type PagePayload = CommandPayload<'posts.page'>;
const ids = async (p: Omit<ListPayload, 'workspace'>) =>
  (await t.call('posts.list', { workspace: 'acme', ...p })).map((s) => s.id);

beforeAll(async () => {
  temp = tempDir('outpost-find-');
  await fill(`${temp.dir}/outpost.db`);
  t = await openCore({ dir: temp.dir });
});

afterAll(async () => {
  await t.close();
  temp.remove();
});

describe('filters, each alone', () => {
  it('by platform, its other spellings included', async () => {
    expect(await ids({ platform: 'x' })).toEqual(['p-cafe', 'p-digest', 'p-zebra']);
    expect(await ids({ platform: 'Twitter' })).toEqual(['p-cafe', 'p-digest', 'p-zebra']);
    expect(await ids({ platform: 'linkedin' })).toEqual(['p-cafe', 'p-hiring', 'p-digest']);
    expect(await ids({ platform: 'mastodon' })).toEqual([]);
  });

  it('by account: the one chosen, or the one the service picked as default', async () => {
    expect(await ids({ account: 'p-north' })).toEqual(['p-cafe', 'p-digest']);
    expect(await ids({ account: 'p-other' })).toEqual(['p-zebra']);
    expect(await ids({ account: 'p-li' })).toEqual(['p-hiring', 'p-digest']);
  });

  it('by when a variant goes out: its scheduled time, or its publication time', async () => {
    expect(await ids({ outAt: THIS_WEEK })).toEqual(['p-cafe', 'p-zebra']);
    expect(await ids({ outAt: LAST_WEEK })).toEqual(['p-hiring']);
    expect(await ids({ outAt: { from: day(7, 0) } })).toEqual(['p-digest']);
    expect(await ids({ outAt: { to: day(1, 12) } })).toEqual(['p-hiring']);
    // Another way of writing the same instants finds the same posts.
    expect(await ids({ outAt: { from: '2030-03-04T01:00:00+01:00', to: '2030-03-11T00:00:00Z' } })).toEqual([
      'p-cafe',
      'p-zebra',
    ]);
  });

  it('by state: the post or any of its variants', async () => {
    expect(await ids({ filter: 'scheduled' })).toEqual(['p-cafe', 'p-digest', 'p-zebra']);
    expect(await ids({ filter: 'published' })).toEqual(['p-hiring']);
  });
});

describe('filters together', () => {
  it('hold for one and the same variant', async () => {
    expect(await ids({ platform: 'x', account: 'p-north' })).toEqual(['p-cafe', 'p-digest']);
    expect(await ids({ platform: 'x', outAt: THIS_WEEK })).toEqual(['p-cafe', 'p-zebra']);
    // The digest's LinkedIn variant is on p-li, its X variant on p-north: no variant is both.
    expect(await ids({ platform: 'linkedin', account: 'p-north' })).toEqual([]);
    expect(await ids({ account: 'p-north', outAt: THIS_WEEK })).toEqual(['p-cafe']);
  });

  it('with a state: the state of the variant that matches', async () => {
    // The digest's X variant is a draft; only its LinkedIn variant is scheduled.
    expect(await ids({ platform: 'x', filter: 'scheduled' })).toEqual(['p-cafe', 'p-zebra']);
    expect(await ids({ platform: 'linkedin', filter: 'scheduled' })).toEqual(['p-digest']);
    expect(await ids({ platform: 'linkedin', filter: 'draft' })).toEqual(['p-cafe']);
    expect(await ids({ account: 'p-li', filter: 'published', outAt: LAST_WEEK })).toEqual(['p-hiring']);
  });

  it('with a search, in every order, and a first screenful is the start of the same list', async () => {
    expect(await ids({ platform: 'x', query: 'coffee' })).toEqual(['p-digest']);
    for (const sort of ['changed', 'scheduled', 'title', 'created'] as PostSort[])
      for (const p of [{}, { platform: 'x' }, { filter: 'scheduled' as const }, { query: 'e' }]) {
        const all = await ids({ ...p, sort });
        for (const limit of [1, 2, 3])
          expect(await ids({ ...p, sort, limit }), JSON.stringify({ ...p, sort, limit })).toEqual(
            all.slice(0, limit),
          );
      }
  });

  it('refuses a time range that ends before it starts, and an unknown order, in plain words', async () => {
    const bad = await t.core.invoke('posts.list', {
      workspace: 'acme',
      outAt: { from: day(3), to: day(1) },
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(!bad.ok && bad.error.message).toMatch(/outAt: must end after it starts/);
    const sort = await t.core.invoke('posts.list', { workspace: 'acme', sort: 'random' as PostSort });
    expect(sort).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
  });
});

describe('a page at a time (posts.page)', () => {
  /** Every page from the start, as the window asks for them. */
  const pages = async (p: Omit<PagePayload, 'workspace' | 'from'>) => {
    const seen: PostPage[] = [];
    let from: number | null = 0;
    while (from !== null) {
      const page: PostPage = await t.call('posts.page', { workspace: 'acme', ...p, from });
      seen.push(page);
      from = page.next;
    }
    return seen;
  };

  it('gives the same posts as the whole list, in its order, each once, whatever the page size', async () => {
    const lists: Array<Omit<ListPayload, 'workspace'>> = [
      {},
      { sort: 'title' },
      { sort: 'scheduled' },
      { query: 'cafe' },
      { query: 'e' },
      { query: 'creme brulee' },
      { query: 'e', sort: 'scheduled' },
      { query: 'cafe', sort: 'created' },
      { query: 'e', platform: 'x', sort: 'title' },
      { platform: 'x', sort: 'created' },
      { account: 'p-li' },
      { filter: 'scheduled' },
      { filter: 'scheduled', platform: 'x', sort: 'title' },
      { outAt: THIS_WEEK },
    ];
    for (const list of lists) {
      const whole = await ids(list);
      for (const limit of [1, 2, 60]) {
        const seen = await pages({ ...list, limit });
        expect(seen.flatMap((page) => page.posts.map((s) => s.id))).toEqual(whole);
        for (const page of seen) expect(page.posts.length).toBeLessThanOrEqual(limit);
        expect(seen.slice(0, -1).every((page) => page.next !== null)).toBe(true);
      }
    }
  });

  it('answers a page past the end with no posts, and refuses a page without a start or a size', async () => {
    expect(await t.call('posts.page', { workspace: 'acme', from: 1_000, limit: 10 })).toEqual({
      posts: [],
      next: null,
    });
    for (const bad of [
      { workspace: 'acme', from: -1, limit: 10 },
      { workspace: 'acme', from: 0, limit: 0 },
      { workspace: 'acme', from: 0, limit: 10_001 },
      { workspace: 'acme', from: 0.5, limit: 10 },
      { workspace: 'acme', limit: 10 },
    ]) {
      const answer = await t.core.invoke('posts.page', bad);
      expect(answer.ok).toBe(false);
    }
  });
});

describe('sorts', () => {
  it('last changed: newest first, ties by title (case and accents aside), then id', async () => {
    // Digest and hiring changed at the same moment: "ÉTÉ hiring" (ete) before "Weekly digest".
    expect(await ids({})).toEqual(['p-cafe', 'p-hiring', 'p-digest', 'p-zebra', 'p-apple']);
    expect(await ids({ sort: 'changed' })).toEqual(await ids({}));
  });

  it('created: newest first', async () => {
    expect(await ids({ sort: 'created' })).toEqual(['p-apple', 'p-zebra', 'p-digest', 'p-cafe', 'p-hiring']);
  });

  it('title: A to Z, ignoring case and accents', async () => {
    expect(await ids({ sort: 'title' })).toEqual(['p-apple', 'p-cafe', 'p-hiring', 'p-digest', 'p-zebra']);
  });

  it('scheduled time: the soonest waiting variant first, posts with none after', async () => {
    // Zebra tomorrow 14:00, café in two days, digest in thirty; hiring is published, apple has
    // no variant: both after, by title.
    expect(await ids({ sort: 'scheduled' })).toEqual([
      'p-zebra',
      'p-cafe',
      'p-digest',
      'p-apple',
      'p-hiring',
    ]);
  });

  it('is kept across a restart, and an order this build does not know reads as the default', async () => {
    const temp2 = tempDir('outpost-find-sort-');
    try {
      const first = await openCore({ dir: temp2.dir });
      expect((await first.call('settings.get', undefined)).postSort).toBe('changed');
      const view = await first.call('settings.update', { postSort: 'title' });
      expect(view.postSort).toBe('title');
      await first.close();
      const again = await openCore({ dir: temp2.dir });
      expect((await again.call('settings.get', undefined)).postSort).toBe('title');
      await again.close();
      const store = await openDatabase({ file: `${temp2.dir}/outpost.db` });
      await setSetting(store.db, 'postSort', 'by mood');
      await store.close();
      const third = await openCore({ dir: temp2.dir });
      expect((await third.call('settings.get', undefined)).postSort).toBe('changed');
      await third.close();
    } finally {
      temp2.remove();
    }
  });
});

describe('search', () => {
  it('finds titles and every variant’s text, ignoring case and accents, each word anywhere', async () => {
    expect(await ids({ query: 'cafe' })).toEqual(['p-cafe']);
    expect(await ids({ query: 'CAFÉ' })).toEqual(['p-cafe']);
    expect(await ids({ query: 'ete' })).toEqual(['p-hiring']);
    expect(await ids({ query: 'été' })).toEqual(['p-hiring']);
    // In the LinkedIn variant's text, accents typed or not.
    expect(await ids({ query: 'creme brulee' })).toEqual(['p-cafe']);
    expect(await ids({ query: 'CRÈME' })).toEqual(['p-cafe']);
    // Words in any order, one in the title and one in a text.
    expect(await ids({ query: 'launch doors' })).toEqual(['p-cafe']);
    expect(await ids({ query: 'doors launch' })).toEqual(['p-cafe']);
    expect(await ids({ query: 'launch stripes' })).toEqual([]);
    // Inside a word, as before.
    expect(await ids({ query: 'tripe' })).toEqual(['p-zebra']);
  });

  it('follows the text as it is typed and the title as it is renamed', async () => {
    const post = await t.call('posts.create', { workspace: null, title: 'Draft one' });
    const v = await t.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'nothing yet',
      account: { kind: 'default' },
    });
    const local = async (query: string) =>
      (await t.call('posts.list', { workspace: null, query })).map((s) => s.id);
    expect(await local('naïve')).toEqual([]);
    await t.call('variants.update', { id: v.id, content: 'A NAÏVE idea' });
    expect(await local('naive')).toEqual([post.id]);
    expect(await local('nothing')).toEqual([]);
    await t.call('posts.update', { id: post.id, title: 'Straße' });
    expect(await local('strasse')).toEqual([post.id]);
    expect(await local('draft')).toEqual([]);
  });
});

describe('last changed, against the sandbox', () => {
  let sandbox: SandboxHandle;
  let c: TestCore;
  const clock = new ManualClock(new Date('2030-01-01T09:00:00.000Z'));

  beforeAll(async () => {
    sandbox = await startSandbox({});
    c = await openCore({ clock });
    await c.call('settings.connect', {
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    await c.core.syncNow('user');
  });
  afterAll(async () => {
    await c.close();
    await sandbox.close();
  });

  it('is a change of the post, not the service recording it; typing and a new time count', async () => {
    const ws = sandbox.fixtures.workspace;
    const order = async () =>
      (await c.call('posts.list', { workspace: ws }))
        .map((p) => p.title)
        .filter((t) => t.startsWith('Order '));
    const older = await c.call('posts.create', { workspace: ws, title: 'Order A, older' });
    const v = await c.call('variants.create', {
      postId: older.id,
      platform: 'x',
      content: 'first words',
      account: { kind: 'default' },
    });
    clock.advance(60_000);
    await c.call('posts.create', { workspace: ws, title: 'Order B, newer' });
    expect(await order()).toEqual(['Order B, newer', 'Order A, older']);
    // Both reach the service in one sync: the links being recorded are no change of either (a
    // tie would put A, the first title, first).
    clock.advance(60_000);
    await c.core.syncNow('user');
    expect((await c.call('posts.list', { workspace: ws })).every((p) => p.state !== 'pending_sync')).toBe(
      true,
    );
    expect(await order()).toEqual(['Order B, newer', 'Order A, older']);
    // Typing in a variant changes its post.
    clock.advance(60_000);
    await c.call('variants.update', { id: v.id, content: 'second words' });
    expect(await order()).toEqual(['Order A, older', 'Order B, newer']);
    // So does a new time for a variant of the other one.
    const newer = (await c.call('posts.list', { workspace: ws })).find((p) => p.title === 'Order B, newer')!;
    const w = await c.call('variants.create', {
      postId: newer.id,
      platform: 'x',
      content: 'soon',
      account: { kind: 'default' },
    });
    clock.advance(60_000);
    await c.call('posts.update', { id: older.id, title: 'Order A, older' });
    await c.core.syncNow('user');
    clock.advance(60_000);
    await c.call('variants.schedule', {
      id: w.id,
      at: new Date(clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect(await order()).toEqual(['Order B, newer', 'Order A, older']);
  });

  it('finds a colleague’s post once pulled, ignoring case and accents', async () => {
    const ws = sandbox.fixtures.workspace;
    const created = await fetch(`${sandbox.baseUrl}/api/workspaces/${ws}/posts/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.otherToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Fête de la musique' }),
    });
    expect(created.status).toBeLessThan(300);
    await c.core.syncNow('user');
    const found = await c.call('posts.list', { workspace: ws, query: 'FETE' });
    expect(found.map((p) => p.title)).toEqual(['Fête de la musique']);
  });
});

describe('a state filter over a library larger than a page', () => {
  it('finds the first screenful past the first page of posts, in the list order', async () => {
    const temp3 = tempDir('outpost-find-pages-');
    try {
      const store = await openDatabase({ file: `${temp3.dir}/outpost.db` });
      for (let i = 0; i < 2_600; i++) {
        const id = `p${String(i).padStart(4, '0')}`;
        await insertPost(store.db, {
          id,
          server_id: `s-${id}`,
          workspace: 'acme',
          title: `Post ${String(i).padStart(4, '0')}`,
          base: null,
          remote_state: 'active',
          conflict: null,
          error: null,
          created_at: day(-1),
          updated_at: day(-1),
        });
        if (i % 600 !== 7) continue;
        await insertVariant(store.db, {
          id: `${id}-v`,
          post_id: id,
          server_id: `sv-${id}`,
          platform: 'x',
          content: 'Out',
          account_mode: 'default',
          social_profile_id: null,
          scheduled_at: null,
          status: 'published',
          platform_post_url: `https://social.example/${id}`,
          base: null,
          remote_state: 'active',
          conflict: null,
          error: null,
          created_at: day(-1),
          updated_at: day(-1),
          reconcile_at: null,
        });
      }
      await store.close();
      const c = await openCore({ dir: temp3.dir });
      try {
        const list = async (limit?: number) =>
          (await c.call('posts.list', { workspace: 'acme', filter: 'published', sort: 'title', limit })).map(
            (p) => p.id,
          );
        const published = ['p0007', 'p0607', 'p1207', 'p1807', 'p2407'];
        expect(await list()).toEqual(published);
        expect(await list(3)).toEqual(published.slice(0, 3));
        expect(await list(10)).toEqual(published);
        // A page looks through at most 1,000 posts, so a rare state answers in short pages; `next`
        // says where it stopped: after its last post when full, after what it looked at when not.
        const page = async (from: number, limit = 3) => {
          const p = await c.call('posts.page', {
            workspace: 'acme',
            filter: 'published',
            sort: 'title',
            from,
            limit,
          });
          return [p.posts.map((s) => s.id), p.next];
        };
        expect(await page(0)).toEqual([['p0007', 'p0607'], 1_000]);
        expect(await page(1_000)).toEqual([['p1207', 'p1807'], 2_000]);
        expect(await page(2_000)).toEqual([['p2407'], null]);
        expect(await page(0, 2)).toEqual([['p0007', 'p0607'], 608]);
        expect(await page(608, 1)).toEqual([['p1207'], 1_208]);
        // Without a state, a page is the list's own: 2,600 posts in pages of 1,000.
        const all = async (from: number) => {
          const p = await c.call('posts.page', { workspace: 'acme', sort: 'title', from, limit: 1_000 });
          return [p.posts.length, p.posts.at(-1)?.id, p.next];
        };
        expect(await all(0)).toEqual([1_000, 'p0999', 1_000]);
        expect(await all(1_000)).toEqual([1_000, 'p1999', 2_000]);
        expect(await all(2_000)).toEqual([600, 'p2599', null]);
        // The order of such a list is kept between its pages, and read again once anything
        // changed: a post of this core, then a title another process changed in the file.
        await c.call('posts.update', { id: 'p1500', title: 'Aardvark' });
        expect(await all(0)).toEqual([1_000, 'p0998', 1_000]);
        expect(
          (await c.call('posts.page', { workspace: 'acme', sort: 'title', from: 0, limit: 1 })).posts[0]?.id,
        ).toBe('p1500');
        const other = await openDatabase({ file: `${temp3.dir}/outpost.db` });
        await updatePost(other.db, 'p2599', { title: 'Aaa, first now' });
        await other.close();
        expect(
          (await c.call('posts.page', { workspace: 'acme', sort: 'title', from: 0, limit: 1 })).posts[0]?.id,
        ).toBe('p2599');
        expect(await all(2_000)).toEqual([600, 'p2598', null]);
      } finally {
        await c.close();
      }
    } finally {
      temp3.remove();
    }
  });
});

describe('the posts one pull brings', () => {
  it('share one change time, so they are listed by title, whatever the clock did meanwhile', async () => {
    const sandbox = await startSandbox({});
    // A clock that moves on every reading: posts stamped one at a time would each differ.
    const start = Date.parse('2030-01-01T09:00:00.000Z');
    let readings = 0;
    const c = await openCore({ clock: { now: () => new Date(start + readings++) } });
    try {
      await c.call('settings.connect', {
        baseUrl: sandbox.baseUrl,
        token: sandbox.token,
        authHeader: 'bearer',
      });
      await c.core.syncNow('user');
      const listed = await c.call('posts.list', { workspace: sandbox.fixtures.workspace });
      const untouched = listed.filter((p) => p.variants.length === 0);
      expect(untouched.length).toBeGreaterThan(1);
      expect(new Set(untouched.map((p) => p.updatedAt)).size).toBe(1);
      expect(untouched.map((p) => p.title)).toEqual(untouched.map((p) => p.title).sort());
    } finally {
      await c.close();
      await sandbox.close();
    }
  });
});
