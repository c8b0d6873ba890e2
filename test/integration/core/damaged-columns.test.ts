// JSON kept in an item's columns that is not JSON any more, as a damaged page can leave it.
// - A variant's stored base (the service's last copy) reads as missing (store/stored-base.ts),
//   in its SQL too: its text can still be typed in and scheduled, and the post list and the
//   calendar still answer, the damaged variant among them.
// - A conflict column that cannot be read still holds the item back, and offers its text
//   against the service's last one (store/conflicts.ts).
// - An op whose payload cannot be read still goes, once: a change with the fields that differ
//   from the service's copy (outbox/payload.ts, runners/patch-variant.ts); one damaged on its
//   way takes the note of its outcome in its place (outbox/op-store.ts). A question whose facts
//   cannot be read still stands, with no candidate offered, and holds back every look-alike.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { asColleague } from './freshness-helpers';
import { connectedCores, type TestCore } from './helpers';

const START = new Date('2030-01-01T09:00:00.000Z');
const DAY = 86_400_000;
const connectedCore = connectedCores(START);

/** A core connected to its own sandbox, synced once. */
async function connected() {
  const { c, s, workspace } = await connectedCore();
  return { c, s, ws: workspace };
}

/** A post with one X variant, made here (not yet sent). */
async function postOnX(c: TestCore, ws: string, title: string, content = 'As sent.') {
  const post = await c.call('posts.create', { workspace: ws, title });
  const x = await c.call('variants.create', {
    postId: post.id,
    platform: 'x',
    content,
    account: { kind: 'default' },
  });
  return { post, x };
}

/** Writes to the core's file behind its back, on a connection of its own, as damage would. */
function onDisk<T>(c: TestCore, write: (db: Database.Database) => T): T {
  const db = new Database(`${c.dir}/outpost.db`);
  try {
    return write(db);
  } finally {
    db.close();
  }
}

/** Syncs until nothing waits to go; fails on an op that failed. */
async function syncAll(c: TestCore): Promise<void> {
  let status = await c.core.syncNow('user');
  for (let more = 0; status.pending > 0 && more < 3; more++) status = await c.core.syncNow('user');
  expect(status).toMatchObject({ pending: 0, failed: 0 });
}

/** A synced post with one scheduled X variant, whose base is then damaged on disk. */
async function damagedVariant() {
  const { c, s, ws } = await connected();
  const { post, x } = await postOnX(c, ws, 'Damaged base');
  const at = new Date(START.getTime() + DAY).toISOString();
  await c.call('variants.schedule', { id: x.id, at });
  await c.core.syncNow('user');
  onDisk(c, (db) => {
    const { base } = db.prepare('select base from variant where id = ?').get(x.id) as { base: string | null };
    expect(base).not.toBeNull();
    db.prepare('update variant set base = ? where id = ?').run(`${(base ?? '').slice(0, 9)}\u0000`, x.id);
  });
  return { c, s, ws, post, x, at };
}

describe('a variant whose stored base is not JSON', () => {
  it('still takes the text typed in it, and a new time, and sends them', async () => {
    const { c, s, x, at } = await damagedVariant();
    await c.call('variants.update', { id: x.id, content: 'Typed after the damage.' });
    const later = new Date(Date.parse(at) + 3600_000).toISOString();
    await c.call('variants.schedule', { id: x.id, at: later });
    const post = await c.call('posts.get', { id: x.postId });
    expect(post.variants.find((v) => v.id === x.id)).toMatchObject({
      content: 'Typed after the damage.',
      scheduledAt: later,
    });
    // The sync merges the service's copy with no base to go by: the text typed here stands, and goes.
    await syncAll(c);
    const remote = s.inspect.posts().find((p) => p.title === 'Damaged base')!;
    expect(s.inspect.variants(remote.id).map((v) => v.content)).toEqual(['Typed after the damage.']);
    const after = await c.call('posts.get', { id: x.postId });
    expect(after.variants.find((v) => v.id === x.id)?.content).toBe('Typed after the damage.');
  });

  it('is still on the calendar and in the post list, an account filter included', async () => {
    const { c, ws, post, x } = await damagedVariant();
    const range = {
      workspace: ws,
      from: START.toISOString(),
      to: new Date(START.getTime() + 3 * DAY).toISOString(),
    };
    const calendar = await c.call('planning.calendar', range);
    expect(calendar.items.map((i) => i.variantId)).toContain(x.id);
    const profiles = await c.call('profiles.list', { workspace: ws });
    const accounts = profiles.map((p) => p.id);
    // Its account was the service's choice, kept only in the base: unknown now, so no filter by account finds it.
    const filtered = await c.call('planning.calendar', { ...range, accounts });
    expect(filtered.items.map((i) => i.variantId)).not.toContain(x.id);
    const listed = await c.call('posts.list', { workspace: ws });
    expect(listed.map((p) => p.id)).toContain(post.id);
    const byAccount = await c.call('posts.list', { workspace: ws, account: accounts[0] });
    expect(byAccount.map((p) => p.id)).not.toContain(post.id);
  });
});

/** A synced post, its variant's text typed again here, and then its conflict columns damaged on disk. */
async function damagedConflicts() {
  const { c, s, ws } = await connected();
  const { post, x } = await postOnX(c, ws, 'Damaged conflict');
  await c.core.syncNow('user');
  await c.call('variants.update', { id: x.id, content: 'Typed here.' });
  onDisk(c, (db) => {
    db.prepare('update variant set conflict = ? where id = ?').run('[{"field":"cont', x.id);
    db.prepare('update post set conflict = ? where id = ?').run('{"title"', post.id);
  });
  const remote = s.inspect.posts().find((p) => p.title === 'Damaged conflict')!;
  return { c, s, ws, post, x, remote };
}

describe('an item whose conflict column is not JSON', () => {
  it('still lists and opens, as in conflict, its text against the service’s last one', async () => {
    const { c, ws, post } = await damagedConflicts();
    const listed = (await c.call('posts.list', { workspace: ws })).find((p) => p.id === post.id);
    expect(listed?.variants.map((v) => v.state)).toEqual(['conflict']);
    const opened = await c.call('posts.get', { id: post.id });
    expect(opened.conflicts).toEqual([
      { field: 'title', mine: 'Damaged conflict', theirs: 'Damaged conflict' },
    ]);
    expect(opened.variants[0]?.conflicts).toEqual([
      { field: 'content', mine: 'Typed here.', theirs: 'As sent.' },
    ]);
  });

  it('takes the person’s choice, and then sends the text they kept', async () => {
    const { c, s, post, x, remote } = await damagedConflicts();
    await c.call('posts.resolveConflict', { id: post.id, choice: 'mine' });
    await c.call('variants.resolveConflict', { id: x.id, choice: 'mine' });
    const chosen = await c.call('posts.get', { id: post.id });
    expect({ post: chosen.conflicts, variant: chosen.variants[0]?.conflicts }).toEqual({
      post: [],
      variant: [],
    });
    await syncAll(c);
    expect(s.inspect.variants(remote.id).map((v) => v.content)).toEqual(['Typed here.']);
  });

  it('a choice of the service’s text takes its last known one', async () => {
    const { c, x } = await damagedConflicts();
    await c.call('variants.resolveConflict', { id: x.id, choice: 'theirs' });
    expect((await c.call('posts.get', { id: x.postId })).variants[0]?.content).toBe('As sent.');
  });
});

/** Sets the payload of every op of the post in `state` (still waiting to go) to text that is not JSON. */
function damagePayloads(c: TestCore, postId: string, state: 'pending' | 'sending' = 'pending'): number {
  return onDisk(
    c,
    (db) =>
      db
        .prepare('update outbox_op set payload = \'{"fields":["cont\' where post_id = ? and state = ?')
        .run(postId, state).changes,
  );
}

describe('an op whose payload is not JSON', () => {
  /** A post with one X variant, synced; answers it, and the service's copy of the variant. */
  async function syncedOnX(title: string) {
    const { c, s, ws } = await connected();
    const { post, x } = await postOnX(c, ws, title);
    await syncAll(c);
    const remote = s.inspect.posts().find((p) => p.title === title)!;
    const [before] = s.inspect.variants(remote.id);
    return { c, s, post, x, remote, before: before! };
  }

  it('a change still goes, with the fields that differ from the service’s copy', async () => {
    const { c, s, post, x, remote, before } = await syncedOnX('Damaged payload');
    await c.call('variants.update', { id: x.id, content: 'Typed after.' });
    expect(damagePayloads(c, post.id)).toBe(1);
    const patches = s.inspect.patchCount(before.id);
    await syncAll(c);
    const [after] = s.inspect.variants(remote.id);
    expect(after).toMatchObject({ content: 'Typed after.', social_profile_id: before.social_profile_id });
    expect(s.inspect.patchCount(before.id) - patches).toBe(1);
  });

  it('damaged while on its way, and answered about another record: takes that note, and is read back once', async () => {
    const { c, s, post, x, remote, before } = await syncedOnX('Damaged and crossed');
    await c.call('variants.update', { id: x.id, content: 'Typed, answered about another.' });
    const patches = s.inspect.patchCount(before.id);
    const path = '/api/workspaces/:slug/posts/:post_id/variants/:variant_id/';
    s.faults.add({ method: 'PATCH', path, kind: 'latency', latencyMs: 1_000, times: 1 });
    s.faults.add({ method: 'PATCH', path, kind: 'other_record_after_write', times: 1 });
    const update = (db: Database.Database) =>
      db.prepare("select state, payload from outbox_op where variant_id = ? and kind = 'update_variant'");
    let synced = false;
    const syncing = c.core.syncNow('user').finally(() => (synced = true));
    // While the change is on its way (held a while by the service), its payload is damaged: the
    // claim wrote it whole before it went.
    while (!synced && damagePayloads(c, post.id, 'sending') === 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(synced).toBe(false);
    await syncing;
    // The note takes the damaged payload's place: it can be read again.
    const { payload } = onDisk(c, (db) => update(db).get(x.id)) as { payload: string };
    expect(JSON.parse(payload)).toMatchObject({ answerMismatch: true });
    await syncAll(c);
    expect(s.inspect.variants(remote.id).map((v) => v.content)).toEqual(['Typed, answered about another.']);
    expect(s.inspect.patchCount(before.id) - patches).toBe(1);
  });

  it('a create still goes, once', async () => {
    const { c, s, ws } = await connected();
    const { post } = await postOnX(c, ws, 'Damaged create', 'Made once.');
    expect(damagePayloads(c, post.id)).toBe(2);
    await syncAll(c);
    await syncAll(c);
    const made = s.inspect.posts().filter((p) => p.title === 'Damaged create');
    expect(made).toHaveLength(1);
    expect(s.inspect.variants(made[0]!.id).map((v) => v.content)).toEqual(['Made once.']);
  });
  it('a create left sending by a process that stopped is read back, and made once', async () => {
    const { c, s, ws } = await connected();
    const post = await c.call('posts.create', { workspace: ws, title: 'Damaged and stopped' });
    expect(damagePayloads(c, post.id)).toBe(1);
    onDisk(c, (db) => {
      db.prepare("update outbox_op set state = 'sending' where post_id = ?").run(post.id);
    });
    await syncAll(c);
    await syncAll(c);
    expect(s.inspect.posts().filter((p) => p.title === 'Damaged and stopped')).toHaveLength(1);
  });
});

describe('an op waiting for the user whose facts are not JSON', () => {
  it('still waits, the outbox and the post still show, and a sync still runs', async () => {
    const { c, s, ws } = await connected();
    const post = await c.call('posts.create', { workspace: ws, title: 'Damaged question' });
    onDisk(c, (db) => {
      db.prepare(
        "update outbox_op set state = 'needs_user', facts = '{\"candidates\":[{\"serv' where post_id = ?",
      ).run(post.id);
    });
    const outbox = await c.call('outbox.list', undefined);
    expect(outbox.filter((op) => op.postId === post.id).map((op) => op.state)).toEqual(['needs_user']);
    expect((await c.call('posts.get', { id: post.id })).title).toBe('Damaged question');
    // A look-alike on the service, as the question's candidates were: which of them the create
    // may have made can no longer be read, so none of them comes in as a post of its own.
    await asColleague(s, 'POST', `/api/workspaces/${ws}/posts/`, { title: 'Damaged question' });
    const status = await c.core.syncNow('user');
    expect(status.lastError).toBeNull();
    const titled = (await c.call('posts.list', { workspace: ws })).filter(
      (p) => p.title === 'Damaged question',
    );
    expect(titled.map((p) => p.id)).toEqual([post.id]);
    // Nothing made while the question waits.
    expect(s.inspect.posts().filter((p) => p.title === 'Damaged question')).toHaveLength(1);
  });
});
