// Undo in the core, against the sandbox: a reschedule, an unschedule and a
// discard are taken back through the outbox, so the service ends as before; nothing extra is
// sent for a change that had not left; an item published meanwhile is refused with the reason.
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvents, VariantView } from '@preload/bridge';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { ManualClock, openCore, type TestCore } from './helpers';

const START = new Date('2030-01-01T09:00:00.000Z');
const HOUR = 3_600_000;
const VARIANT = '/api/workspaces/:slug/posts/:post/variants/:variant/';
const at = (hours: number): string => new Date(START.getTime() + hours * HOUR).toISOString();

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

/** A synced X variant of "Launch day", scheduled on the service for tomorrow at ten. */
async function scheduledOnService() {
  sandbox = await startSandbox({ manualClock: true, startTime: START });
  const clock = new ManualClock(START);
  t = await openCore({ clock });
  const c = t;
  const s = sandbox;
  await c.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
  await c.core.syncNow('user');
  const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title: 'Launch day' });
  const v = await c.call('variants.create', {
    postId: post.id,
    platform: 'x',
    content: 'We launch tomorrow.',
    account: { kind: 'default' },
  });
  await c.call('variants.schedule', { id: v.id, at: at(25) });
  await c.core.syncNow('user');
  const serverId = (await variant(c, post.id, v.id)).serverId!;
  expect(onService(s, serverId).scheduled_at).toBe(at(25));
  return { c, s, clock, post, v, serverId };
}

/** The variant as the core holds it now. */
async function variant(c: TestCore, postId: string, id: string): Promise<VariantView> {
  const found = (await c.call('posts.get', { id: postId })).variants.find((x) => x.id === id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
}

function onService(s: SandboxHandle, serverId: string) {
  return s.inspect.variants().find((v) => v.id === serverId)!;
}

/** The `undoable` events seen so far. */
function offered(c: TestCore): Array<BridgeEvents['undoable']> {
  return c.events.flatMap((e) => (e.name === 'undoable' ? [e.data] : []));
}

describe('undo of a time change', () => {
  it('puts the earlier time back before the change left: the outbox is empty and nothing is sent', async () => {
    const { c, s, post, v, serverId } = await scheduledOnService();
    await c.call('variants.schedule', { id: v.id, at: at(50) });
    const entry = offered(c).at(-1)!;
    expect(entry.label).toMatch(/^Rescheduled ‘Launch day’ \(X\) to /);
    expect(entry.postIds).toEqual([post.id]);
    expect(await c.call('outbox.list', undefined)).toHaveLength(1);
    const patchesBefore = s.inspect.patchCount(serverId);

    const result = await c.call('undo.run', { id: entry.id });

    expect(result).toEqual({ label: entry.label, undone: 1, refused: [] });
    expect((await variant(c, post.id, v.id)).scheduledAt).toBe(at(25));
    expect(await c.call('outbox.list', undefined)).toEqual([]);
    await c.core.syncNow('user');
    expect(s.inspect.patchCount(serverId)).toBe(patchesBefore);
    expect(onService(s, serverId).scheduled_at).toBe(at(25));
  });

  it('puts the earlier time back on the service once the change had gone out', async () => {
    const { c, s, post, v, serverId } = await scheduledOnService();
    await c.call('variants.schedule', { id: v.id, at: at(50) });
    await c.core.syncNow('user');
    expect(onService(s, serverId).scheduled_at).toBe(at(50));

    // No id: the newest change.
    expect(await c.call('undo.run', {})).toMatchObject({ undone: 1, refused: [] });
    await c.core.syncNow('user');
    expect(onService(s, serverId).scheduled_at).toBe(at(25));
    expect((await variant(c, post.id, v.id)).state).toBe('scheduled');
  });

  it('schedules again what was unscheduled, and unschedules what was scheduled', async () => {
    const { c, s, v, serverId } = await scheduledOnService();
    await c.call('variants.unschedule', { id: v.id });
    expect(offered(c).at(-1)!.label).toBe('Unscheduled ‘Launch day’ (X)');
    await c.core.syncNow('user');
    expect(onService(s, serverId).scheduled_at).toBeNull();
    await c.call('undo.run', {});
    await c.core.syncNow('user');
    expect(onService(s, serverId).scheduled_at).toBe(at(25));
    // The very first schedule of the variant is in the journal too: undone, it is a draft again.
    expect(await c.call('undo.run', {})).toMatchObject({
      label: expect.stringMatching(/^Scheduled ‘Launch day’ \(X\) for /) as string,
      undone: 1,
    });
    await c.core.syncNow('user');
    expect(onService(s, serverId).scheduled_at).toBeNull();
    await expect(c.core.invoke('undo.run', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('refuses a variant published meanwhile, with the reason, and leaves it as it is', async () => {
    const { c, s, post, v, serverId } = await scheduledOnService();
    await c.call('variants.schedule', { id: v.id, at: at(50) });
    await c.core.syncNow('user');
    s.publishAs(serverId);
    await c.core.syncNow('user');
    expect((await variant(c, post.id, v.id)).state).toBe('published');
    const patches = s.inspect.patchCount(serverId);

    const result = await c.call('undo.run', {});

    expect(result.undone).toBe(0);
    expect(result.refused).toEqual([
      { postId: post.id, reason: expect.stringMatching(/^‘Launch day’ \(X\): .*published/) as string },
    ]);
    await c.core.syncNow('user');
    expect(s.inspect.patchCount(serverId)).toBe(patches);
    expect(await c.call('outbox.list', undefined)).toEqual([]);
  });

  it('refuses a variant whose time changed again since', async () => {
    const { c, post, v } = await scheduledOnService();
    await c.call('variants.schedule', { id: v.id, at: at(50) });
    const older = offered(c).at(-1)!;
    await c.call('variants.schedule', { id: v.id, at: at(60) });
    const result = await c.call('undo.run', { id: older.id });
    expect(result).toMatchObject({ undone: 0, refused: [{ postId: post.id }] });
    expect(result.refused[0]!.reason).toMatch(/^‘Launch day’ \(X\): Its time has changed since\.$/);
    expect((await variant(c, post.id, v.id)).scheduledAt).toBe(at(60));
  });

  it('never puts back a time gone by: it would go out at once', async () => {
    const { c, s, clock, post, v, serverId } = await scheduledOnService();
    await c.call('variants.schedule', { id: v.id, at: at(50) });
    await c.core.syncNow('user');
    clock.set(new Date(at(26)));
    const result = await c.call('undo.run', {});
    expect(result.undone).toBe(0);
    expect(result.refused[0]!.reason).toMatch(/has passed, so it would go out at once/);
    expect((await variant(c, post.id, v.id)).scheduledAt).toBe(at(50));
    await c.core.syncNow('user');
    expect(onService(s, serverId).scheduled_at).toBe(at(50));
  });
});

describe('undo of a discard', () => {
  it('puts the discarded text back as a new edit, which reaches the service', async () => {
    const { c, s, post, v, serverId } = await scheduledOnService();
    s.faults.add({ kind: 'status', status: 400, method: 'PATCH', path: VARIANT, times: 1 });
    await c.call('variants.update', { id: v.id, content: 'We launch tomorrow, at ten sharp.' });
    await c.core.syncNow('user');
    expect((await variant(c, post.id, v.id)).state).toBe('failed');
    const [failed] = await c.call('outbox.list', undefined);
    const discards = {
      text: { goes: 'We launch tomorrow, at ten sharp.', comesBack: 'We launch tomorrow.' },
      time: null,
      account: false,
    };
    expect(failed).toMatchObject({ state: 'failed', discards });
    // The variant's own view names the change and what a discard puts back: the window needs no outbox list.
    expect((await variant(c, post.id, v.id)).unsentChange).toEqual({
      opId: failed!.id,
      state: 'failed',
      discards,
    });

    await c.call('outbox.discard', { id: failed!.id });
    expect((await variant(c, post.id, v.id)).content).toBe('We launch tomorrow.');
    expect((await variant(c, post.id, v.id)).unsentChange).toBeNull();
    const entry = offered(c).at(-1)!;
    expect(entry).toMatchObject({
      label: 'Discarded the unsent text of ‘Launch day’ (X)',
      postIds: [post.id],
    });

    expect(await c.call('undo.run', { id: entry.id })).toEqual({
      label: entry.label,
      undone: 1,
      refused: [],
    });
    expect((await variant(c, post.id, v.id)).content).toBe('We launch tomorrow, at ten sharp.');
    await c.core.syncNow('user');
    expect(onService(s, serverId).content).toBe('We launch tomorrow, at ten sharp.');
    expect((await variant(c, post.id, v.id)).state).toBe('scheduled');
    // Once only.
    await expect(c.core.invoke('undo.run', { id: entry.id })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('refuses to put text back on a variant published meanwhile; the text it held stays', async () => {
    const { c, s, post, v, serverId } = await scheduledOnService();
    await c.call('variants.update', { id: v.id, content: 'A better text.' });
    // Someone published it in the service's app before the change could go: it is held back.
    s.publishAs(serverId);
    await c.core.syncNow('user');
    const [held] = await c.call('outbox.list', undefined);
    expect(held).toMatchObject({
      state: 'failed',
      discards: { text: { goes: 'A better text.', comesBack: 'We launch tomorrow.' } },
    });
    await c.call('outbox.discard', { id: held!.id });

    const result = await c.call('undo.run', {});

    expect(result).toMatchObject({ undone: 0, refused: [{ postId: post.id }] });
    expect(result.refused[0]!.reason).toMatch(/published/);
    expect((await variant(c, post.id, v.id)).content).toBe('We launch tomorrow.');
    expect(await c.call('outbox.list', undefined)).toEqual([]);
  });

  it('says what a discard of a refused time puts back: the time, and no text', async () => {
    const { c, s, post, v } = await scheduledOnService();
    s.faults.add({ kind: 'status', status: 409, method: 'PATCH', path: VARIANT, times: 1 });
    await c.call('variants.schedule', { id: v.id, at: at(50) });
    await c.core.syncNow('user');
    const [failed] = await c.call('outbox.list', undefined);
    const discards = { text: null, time: { goes: at(50), comesBack: at(25) }, account: false };
    expect(failed).toMatchObject({ kind: 'schedule', state: 'failed', discards });
    expect((await variant(c, post.id, v.id)).unsentChange).toEqual({
      opId: failed!.id,
      state: 'failed',
      discards,
    });
    await c.call('outbox.discard', { id: failed!.id });
    expect(offered(c).at(-1)!.label).toBe('Discarded the unsent time of ‘Launch day’ (X)');
    expect((await variant(c, post.id, v.id)).scheduledAt).toBe(at(25));
    await c.call('undo.run', {});
    expect((await variant(c, post.id, v.id)).scheduledAt).toBe(at(50));
    await c.core.syncNow('user');
    expect(onService(s, (await variant(c, post.id, v.id)).serverId!).scheduled_at).toBe(at(50));
  });
});
