// Discarding a change that has not reached the service yet, against the sandbox: made while the
// service is away (sent and cut before it arrived, or never tried), it is taken back in one step
// and the variant shows what the service holds; its undo puts it back as a change waiting to go,
// which reaches the service once. A discarded change never reaches it, and one being sent, or
// of unknown outcome, is refused with the reason and left as it is.
import { describe, expect, it } from 'vitest';
import type { BridgeEvents, VariantView } from '@preload/bridge';
import type { SandboxHandle } from '../../server/index';
import { connectedCores, type TestCore } from './helpers';

const START = new Date('2030-01-01T09:00:00.000Z');
const HOUR = 3_600_000;
const VARIANT = '/api/workspaces/:slug/posts/:post/variants/:variant/';
const at = (hours: number): string => new Date(START.getTime() + hours * HOUR).toISOString();

const connected = connectedCores(START);

/** A synced X variant of "Launch day", scheduled on the service for tomorrow at ten. */
async function onTheService() {
  const { c, s } = await connected();
  const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Launch day' });
  const v = await c.call('variants.create', {
    postId: post.id,
    platform: 'x',
    content: 'We launch tomorrow.',
    account: { kind: 'default' },
  });
  await c.call('variants.schedule', { id: v.id, at: at(25) });
  await c.core.syncNow('user');
  const serverId = (await variant(c, v.id, post.id)).serverId!;
  expect(onService(s, serverId)).toMatchObject({ content: 'We launch tomorrow.', scheduled_at: at(25) });
  return { c, s, post, v, serverId };
}

async function variant(c: TestCore, id: string, postId: string): Promise<VariantView> {
  const found = (await c.call('posts.get', { id: postId })).variants.find((x) => x.id === id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
}

function onService(s: SandboxHandle, serverId: string) {
  return s.inspect.variants().find((v) => v.id === serverId)!;
}

/** The service goes away: every API request is cut before the service reads it. */
function goAway(s: SandboxHandle): () => void {
  const id = s.faults.add({ kind: 'drop_before_write', path: '/api/*' });
  return () => s.faults.remove(id);
}

function offered(c: TestCore): Array<BridgeEvents['undoable']> {
  return c.events.flatMap((e) => (e.name === 'undoable' ? [e.data] : []));
}

describe('a change waiting to sync, discarded', () => {
  it('sent and not applied, then offline: discarded, undone, and then it reaches the service once', async () => {
    const { c, s, post, v, serverId } = await onTheService();
    // The change leaves and the service asks to wait (nothing applied); then the service is away.
    s.faults.add({ kind: 'retry_after', retryAfterSeconds: 600, method: 'PATCH', path: VARIANT, times: 1 });
    await c.call('variants.update', { id: v.id, content: 'We launch tomorrow, at ten sharp.' });
    await c.core.syncNow('user');
    const back = goAway(s);
    expect((await c.core.syncNow('user')).phase).toBe('offline');
    // It left once and was not applied: waiting to go again, and it can still be taken back.
    const [waiting] = await c.call('outbox.list', undefined);
    const discards = {
      text: { goes: 'We launch tomorrow, at ten sharp.', comesBack: 'We launch tomorrow.' },
      time: null,
      account: false,
    };
    expect(waiting).toMatchObject({ kind: 'update_variant', state: 'pending', discards });
    expect(waiting!.attempts).toBe(1);
    expect(waiting!.actions).toContain('discard');
    const shown = await variant(c, v.id, post.id);
    expect(shown.unsentChange).toEqual({ opId: waiting!.id, state: 'pending', discards });
    expect(shown.actions).toContain('discard');

    await c.call('outbox.discard', { id: waiting!.id });

    expect(await c.call('outbox.list', undefined)).toEqual([]);
    expect(await variant(c, v.id, post.id)).toMatchObject({
      content: 'We launch tomorrow.',
      unsentChange: null,
      state: 'scheduled',
    });
    const entry = offered(c).at(-1)!;
    expect(entry.label).toBe('Discarded the unsent text of ‘Launch day’ (X)');

    expect(await c.call('undo.run', { id: entry.id })).toMatchObject({ undone: 1, refused: [] });
    expect((await variant(c, v.id, post.id)).content).toBe('We launch tomorrow, at ten sharp.');
    const [again] = await c.call('outbox.list', undefined);
    expect(again).toMatchObject({ kind: 'update_variant', state: 'pending', attempts: 0 });

    back();
    const patches = s.inspect.patchCount(serverId);
    await c.core.syncNow('user');
    expect(onService(s, serverId).content).toBe('We launch tomorrow, at ten sharp.');
    expect(s.inspect.patchCount(serverId)).toBe(patches + 1);
    await c.core.syncNow('user');
    expect(s.inspect.patchCount(serverId)).toBe(patches + 1);
    expect(await c.call('outbox.list', undefined)).toEqual([]);
  });

  it('never tried: the text and the time discarded before they left never reach the service', async () => {
    const { c, s, post, v, serverId } = await onTheService();
    const back = goAway(s);
    await c.call('variants.update', { id: v.id, content: 'A text nobody should see.' });
    await c.call('variants.schedule', { id: v.id, at: at(50) });
    const ops = await c.call('outbox.list', undefined);
    expect(ops.map((op) => [op.kind, op.state, op.attempts])).toEqual([
      ['update_variant', 'pending', 0],
      ['schedule', 'pending', 0],
    ]);
    expect(ops[1]!.discards).toEqual({
      text: null,
      time: { goes: at(50), comesBack: at(25) },
      account: false,
    });

    // From the editor's side: the variant names one change at a time, the oldest first.
    expect((await variant(c, v.id, post.id)).unsentChange?.opId).toBe(ops[0]!.id);
    await c.call('outbox.discard', { id: ops[0]!.id });
    expect((await variant(c, v.id, post.id)).unsentChange?.opId).toBe(ops[1]!.id);
    await c.call('outbox.discard', { id: ops[1]!.id });
    expect(offered(c).at(-1)!.label).toBe('Discarded the unsent time of ‘Launch day’ (X)');
    expect(await variant(c, v.id, post.id)).toMatchObject({
      content: 'We launch tomorrow.',
      scheduledAt: at(25),
      unsentChange: null,
    });

    back();
    const patches = s.inspect.patchCount(serverId);
    await c.core.syncNow('user');
    expect(s.inspect.patchCount(serverId)).toBe(patches);
    expect(onService(s, serverId)).toMatchObject({ content: 'We launch tomorrow.', scheduled_at: at(25) });
    expect(c.core.status()).toMatchObject({ pending: 0, failed: 0 });
  });

  it('refuses a change being sent, and one whose outcome is not known, with the reason', async () => {
    const { c, s, post, v, serverId } = await onTheService();
    // The service is slow to answer the change: it is being sent while the user asks.
    s.faults.add({ kind: 'latency', method: 'PATCH', path: VARIANT, latencyMs: 3_000, times: 1 });
    await c.call('variants.update', { id: v.id, content: 'Doors open at ten.' });
    const sync = c.core.syncNow('user');
    const sending = await until(async () =>
      (await c.call('outbox.list', undefined)).find((op) => op.state === 'sending'),
    );
    expect(sending.actions).not.toContain('discard');
    expect(sending.discards).toBeNull();
    const shown = await variant(c, v.id, post.id);
    expect(shown.actions).not.toContain('discard');
    expect(shown.refusals.discard).toMatch(/it is being sent right now/);
    const refused = await c.core.invoke('outbox.discard', { id: sending.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_state' } });
    expect(!refused.ok && refused.error.message).toMatch(
      /^Discard is not possible for this change: it is being sent right now/,
    );
    await sync;
    expect(onService(s, serverId).content).toBe('Doors open at ten.');
    expect((await variant(c, v.id, post.id)).content).toBe('Doors open at ten.');

    // Cut after the service took it: the outcome is unknown until it is read back.
    s.faults.add({ kind: 'drop_after_write', method: 'PATCH', path: VARIANT, times: 1 });
    await c.call('variants.update', { id: v.id, content: 'Doors open at eleven.' });
    await c.core.syncNow('user');
    const [unknown] = await c.call('outbox.list', undefined);
    expect(unknown).toMatchObject({ state: 'unknown', discards: null });
    await expect(c.core.invoke('outbox.discard', { id: unknown!.id })).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/it may have reached the service/) as string },
    });
    expect((await variant(c, v.id, post.id)).content).toBe('Doors open at eleven.');
  });

  it('keeps a change of a variant that never reached the service: there is nothing to go back to', async () => {
    const { c, s } = await connected();
    goAway(s);
    const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'New menu' });
    const v = await c.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Cortado is back.',
      account: { kind: 'default' },
    });
    await c.call('variants.schedule', { id: v.id, at: at(30) });
    const ops = await c.call('outbox.list', undefined);
    expect(ops.map((op) => [op.kind, op.actions.includes('discard')])).toEqual([
      ['create_post', false],
      ['create_variant', false],
      ['schedule', false],
    ]);
    const shown = await variant(c, v.id, post.id);
    expect(shown.actions).toContain('delete');
    expect(shown.refusals.discard).toMatch(/has not reached the service yet.*delete it/);
    await expect(c.core.invoke('outbox.discard', { id: ops[2]!.id })).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/nothing of it to go back to/) as string },
    });
  });
});

/** Polls the core until `probe` finds something (a state only a running sync passes through). */
async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 10)); // a polling interval, not an assertion on time
  }
}
