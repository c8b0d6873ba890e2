// Never crossed, never repeated: over real HTTP to a sandbox with a caching proxy in front of it
// (a create answered with an earlier answer, never passed on) and a service that stores text
// HTML-escaped. An answer naming a record another item here is linked to links nothing; a
// create stored in another form is linked at once, said, and never sent again; a create whose
// outcome stays unknown after one read-back and one new try waits for the user.
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail, VariantView } from '@preload/bridge';
import type { AppCoreOptions } from '../../../src-main/core/app/create-app-core';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { buildCli, runCli } from '../cli/run-cli';
import { ManualClock, openCore, tempDir, type TestCore } from './helpers';

// In the past, so that a command run on the real clock (the CLI below) finds every retry due.
const START = new Date(Date.now() - 6 * 3600_000);
const AFTER_BACKOFF_MS = 16 * 60_000;
const POSTS = '/api/workspaces/:slug/posts/';
const VARIANTS = '/api/workspaces/:slug/posts/:post_id/variants/';
const VARIANT = '/api/workspaces/:slug/posts/:post_id/variants/:variant_id/';

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

async function connected(core: Partial<AppCoreOptions> & { dir?: string } = {}) {
  sandbox = await startSandbox({ manualClock: true, startTime: START });
  const clock = new ManualClock(START);
  t = await openCore({ requestTimeoutMs: 5_000, clock, ...core });
  await t.call('settings.connect', {
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    authHeader: 'x-api-key',
  });
  await t.core.syncNow('user');
  return { s: sandbox, c: t, clock };
}

async function rounds(c: TestCore, clock: ManualClock, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await c.core.syncNow('user');
    clock.advance(AFTER_BACKOFF_MS);
  }
}

const variantOf = (detail: PostDetail, id: string) => detail.variants.find((v) => v.id === id) as VariantView;
const writes = (s: SandboxHandle, route: string) => s.stats.byRoute()[`POST ${route}`] ?? 0;

describe('a caching proxy answers a create with an earlier answer', () => {
  it('the second variant is never linked to the first one’s record: asked about twice, then it waits for the user', async () => {
    const { s, c, clock } = await connected();
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Two accounts' });
    const first = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Same copy',
      account: { kind: 'default' },
    });
    s.setMiddlemen({ caching_proxy: 'on' });
    await c.core.syncNow('user');
    const firstServerId = variantOf(await c.call('posts.get', { id: post.id }), first.id).serverId as string;
    expect(firstServerId).not.toBeNull();
    const before = writes(s, VARIANTS);

    // A second X variant of the same copy (for a second account, later): the proxy has its answer.
    const second = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Same copy',
      account: { kind: 'default' },
    });
    const status = await c.call('sync.now', undefined);
    expect(status.answerTrouble).toEqual([
      expect.objectContaining({ kind: 'other_record', count: 1 }),
    ] as unknown[]);
    expect(status.answerTrouble[0]?.reason).toContain('The service answered about another record');
    let [op] = await c.call('outbox.list', undefined);
    expect(op).toMatchObject({ kind: 'create_variant', state: 'unknown' });
    expect(op?.error).toContain(
      `The service answered about another record: it answered with variant ${firstServerId}`,
    );
    expect(variantOf(await c.call('posts.get', { id: post.id }), second.id).serverId).toBeNull();

    // Read back (nothing of it), sent once more (the proxy again), then not a third time.
    await rounds(c, clock, 5);
    [op] = await c.call('outbox.list', undefined);
    expect(op).toMatchObject({ kind: 'create_variant', state: 'needs_user', candidates: [] });
    expect(op?.question).toContain('sent twice');
    expect(op?.error).toContain('it is not sent a third time by itself');
    expect(writes(s, VARIANTS) - before).toBe(2);
    expect(s.proxyCacheHits).toBe(2);
    const detail = await c.call('posts.get', { id: post.id });
    expect(variantOf(detail, second.id).serverId).toBeNull();
    expect(variantOf(detail, first.id).serverId).toBe(firstServerId);

    // The second variant's edit never reaches the first record.
    await c.call('variants.update', { id: second.id, content: 'Second account copy' });
    await rounds(c, clock, 2);
    expect(
      s.inspect.variants(post.id === '' ? undefined : undefined).find((v) => v.id === firstServerId)?.content,
    ).toBe('Same copy');
    expect(s.inspect.patchCount(firstServerId)).toBe(0);

    // The user creates it anew once the proxy is gone: it gets its own record.
    s.setMiddlemen({ caching_proxy: 'off' });
    await c.call('outbox.adopt', { id: (op as { id: string }).id, serverId: null });
    await rounds(c, clock, 2);
    const linked = variantOf(await c.call('posts.get', { id: post.id }), second.id).serverId;
    expect(linked).not.toBeNull();
    expect(linked).not.toBe(firstServerId);
    expect(s.inspect.variants().find((v) => v.id === linked)?.content).toBe('Second account copy');
  });

  it('a post answered with a post another item here is linked to is not linked to it', async () => {
    const { s, c, clock } = await connected();
    s.setMiddlemen({ caching_proxy: 'on' });
    const one = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Weekly note' });
    await c.core.syncNow('user');
    const oneServerId = (await c.call('posts.get', { id: one.id })).serverId;
    const two = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Weekly note' });
    await rounds(c, clock, 4);
    expect((await c.call('posts.get', { id: two.id })).serverId).toBeNull();
    expect((await c.call('posts.get', { id: one.id })).serverId).toBe(oneServerId);
    const [op] = await c.call('outbox.list', undefined);
    expect(op).toMatchObject({ kind: 'create_post', state: 'needs_user' });
    expect(writes(s, POSTS)).toBe(3);
  });
});

describe('a service that stores text HTML-escaped', () => {
  it('a create is linked at once, the service’s form kept and said beside the text sent, never sent again', async () => {
    const { s, c, clock } = await connected();
    s.setMiddlemen({ escape_text: 'html' });
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Fish & chips' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'R&D <now>',
      account: { kind: 'default' },
    });
    const status = await c.call('sync.now', undefined);
    expect(status.answerTrouble.map((x) => x.kind)).toEqual(['stored_differently']);
    await rounds(c, clock, 4);

    expect(writes(s, POSTS)).toBe(1);
    expect(writes(s, VARIANTS)).toBe(1);
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    const detail = await c.call('posts.get', { id: post.id });
    expect(detail.serverId).not.toBeNull();
    const view = variantOf(detail, v.id);
    expect(view.serverId).not.toBeNull();
    expect(view.content).toBe('R&D <now>');
    expect(view.conflicts).toEqual([]);
    expect(view.storedAs).toMatchObject({ sent: 'R&D <now>', stored: 'R&amp;D &lt;now&gt;' });
    expect(view.storedAs?.reason).toContain('The service stored the text differently');
    expect(view.storedAs?.reason).toContain("The service stored '&amp;' for '&'");
    const versions = await c.call('history.list', { variantId: v.id });
    expect(versions.map((x) => x.content)).toEqual(
      expect.arrayContaining(['R&D <now>', 'R&amp;D &lt;now&gt;']),
    );
    expect(s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === 'Fish &amp; chips')).toHaveLength(
      1,
    );

    // An edit goes once and is taken as kept in the service's form: no not-kept loop.
    await c.call('variants.update', { id: v.id, content: 'R&D <later>' });
    await rounds(c, clock, 4);
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    expect(s.inspect.patchCount(view.serverId as string)).toBe(1);
    expect(s.inspect.variants().find((x) => x.id === view.serverId)?.content).toBe('R&amp;D &lt;later&gt;');
    expect(variantOf(await c.call('posts.get', { id: post.id }), v.id).content).toBe('R&D <later>');
  });
});

describe('a create whose outcome stays unknown', () => {
  it('is read back once, sent once more, and then waits for the user: never a third request by itself', async () => {
    const { s, c, clock } = await connected();
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Unclear' });
    await c.core.syncNow('user');
    s.faults.add({ method: 'POST', path: VARIANTS, kind: 'status', status: 500, times: 5 });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'linkedin',
      content: 'Twice at most',
      account: { kind: 'default' },
    });
    await rounds(c, clock, 6);
    expect(writes(s, VARIANTS)).toBe(2);
    const [op] = await c.call('outbox.list', undefined);
    expect(op).toMatchObject({ kind: 'create_variant', state: 'needs_user', variantId: v.id });
    expect(op?.actions).toContain('create_anew');
  });
});

describe('outpost sync fails from the first sync whose answer was not about what was asked', () => {
  let cli = '';
  beforeAll(async () => {
    cli = await buildCli('crossed-answers');
  });
  afterAll(() => rmSync(cli, { force: true }));

  it('a change not kept, and an answer about another record, each exit non-zero in their own words', async () => {
    const data = tempDir();
    const { s, c } = await connected({ dir: data.dir });
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Told' });
    const x = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'X',
      account: { kind: 'default' },
    });
    await c.call('variants.create', {
      postId: post.id,
      platform: 'linkedin',
      content: 'L',
      account: { kind: 'default' },
    });
    await c.core.syncNow('user');
    await c.close();
    t = null;
    const env = { OUTPOST_TOKEN: s.token, OUTPOST_BASE_URL: s.baseUrl };
    const g = ['--data-dir', data.dir];
    const sync = () => runCli(cli, [...g, 'sync', '--wait', '0'], env);
    try {
      // Answered with the values sent, and not kept: the answer is clean, the next read shows it.
      const rule = s.faults.add({ method: 'PATCH', path: VARIANT, kind: 'not_kept', echo: 'sent' });
      expect(
        (await runCli(cli, [...g, 'schedule', '--variant', x.id, '--at', '2031-03-01T09:00:00Z'], env)).code,
      ).toBe(0);
      expect((await sync()).code).toBe(0);
      const notKept = await sync();
      expect(notKept.code).toBe(1);
      expect(notKept.stderr).toContain('The service did not keep the new time');
      s.faults.remove(rule);
      await sync();
      expect((await sync()).code).toBe(0);

      s.faults.add({ method: 'PATCH', path: VARIANT, kind: 'other_record_after_write', times: 1 });
      await runCli(cli, [...g, 'edit', '--variant', x.id, '--content', 'X, edited'], env);
      const crossed = await sync();
      expect(crossed.code).toBe(1);
      expect(crossed.stderr).toContain('The service answered about another record');
    } finally {
      data.remove();
    }
  }, 120_000);
});
