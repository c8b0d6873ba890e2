// Version history bounded in bytes, against the sandbox and a real database file: a long
// service text a colleague changes before every sync adds a version each sync, and the history
// stays under its bounds per text and in total, the newest versions kept; a local change that
// waits keeps the version of the service's text it goes from.
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '@preload/bridge';
import { VERSION_PAUSE_MS } from '@preload/typing';
import { BYTE_BOUNDS, type ByteBounds } from '../../../src-main/core/history/thinning';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, type TestCore } from './helpers';

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

const MIB = 1024 * 1024;

/** About 300 kB of UTF-8 (the euro sign takes 3 bytes), different for each `tag`. */
const longText = (tag: string) => `${tag} ${'€'.repeat(99_000)}`;
const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

async function connected(versionBytes?: ByteBounds) {
  sandbox = await startSandbox();
  const time = new VirtualTime(new Date());
  t = await openCore({ clock: time, scheduler: time, ...(versionBytes ? { versionBytes } : {}) });
  const c = t;
  const s = sandbox;
  await c.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
  await c.core.syncNow('user');
  return { c, s, time };
}

/** A post with one X variant, on the service. */
async function synced(c: TestCore, s: SandboxHandle, title: string, content: string) {
  const post = await c.call('posts.create', { workspace: s.fixtures.workspace, title });
  await c.call('variants.create', { postId: post.id, platform: 'x', content, account: { kind: 'default' } });
  await c.core.syncNow('user');
  const detail = await c.call('posts.get', { id: post.id });
  const v = detail.variants[0]!;
  return { postId: post.id, variantId: v.id, serverPost: detail.serverId!, serverVariant: v.serverId! };
}

type Synced = Awaited<ReturnType<typeof synced>>;

/** A colleague changes the variant's text in the service's own app. */
async function colleagueWrites(s: SandboxHandle, item: Synced, content: string): Promise<void> {
  const res = await fetch(
    `${s.baseUrl}/api/workspaces/${s.fixtures.workspace}/posts/${item.serverPost}/variants/${item.serverVariant}/`,
    {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.otherToken}` },
      body: JSON.stringify({ content }),
    },
  );
  expect(res.status).toBe(200);
}

/** The kept versions of a variant's text, newest first. */
async function history(c: TestCore, variantId: string) {
  const list = await c.call('history.list', { variantId });
  return {
    numbers: list.map((v) => v.version),
    bytes: list.reduce((sum, v) => sum + bytesOf(v.content), 0),
    list,
  };
}

describe('version history bounded in bytes', () => {
  it('keeps a long text that changes at each sync under the bound per text, newest versions kept', async () => {
    const { c, s } = await connected();
    const item = await synced(c, s, 'Long read', 'Short at first');
    const syncs = Math.ceil((BYTE_BOUNDS.perText * 1.5) / bytesOf(longText('0')));
    for (let i = 1; i <= syncs; i++) {
      await colleagueWrites(s, item, longText(`change ${i}`));
      await c.core.syncNow('user');
      expect((await history(c, item.variantId)).bytes).toBeLessThanOrEqual(BYTE_BOUNDS.perText);
    }
    const { numbers, list } = await history(c, item.variantId);
    // Version 1 was the first text; each sync added one: the newest are all there, in a row.
    const newest = syncs + 1;
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => newest - i));
    expect(numbers.length).toBe(Math.floor(BYTE_BOUNDS.perText / bytesOf(longText('0'))));
    expect(list[0]).toMatchObject({ origin: 'service', content: longText(`change ${syncs}`) });
    expect((await c.call('posts.get', { id: item.postId })).variants[0]?.content).toBe(
      longText(`change ${syncs}`),
    );
  });

  it('keeps every text’s history under the total, thinning the oldest first', async () => {
    const bounds = { perText: 1 * MIB, total: 2.5 * MIB };
    const { c, s, time } = await connected(bounds);
    const items: Synced[] = [];
    for (const title of ['First', 'Second', 'Third']) items.push(await synced(c, s, title, `${title} words`));
    for (let round = 1; round <= 6; round++) {
      // One text a second, so which is oldest does not hang on the order posts sync in.
      for (const [i, item] of items.entries()) {
        await colleagueWrites(s, item, longText(`round ${round} of ${i}`));
        time.advance(1000);
        await c.core.syncNow('user');
        const all = await Promise.all(items.map((x) => history(c, x.variantId)));
        for (const h of all) expect(h.bytes).toBeLessThanOrEqual(bounds.perText);
        expect(all.reduce((sum, h) => sum + h.bytes, 0)).toBeLessThanOrEqual(bounds.total);
      }
    }
    const all = await Promise.all(items.map((item) => history(c, item.variantId)));
    for (const [i, h] of all.entries()) {
      // The newest of every text stays, and what is kept of each is its newest, in a row.
      expect(h.list[0]?.content).toBe(longText(`round 6 of ${i}`));
      expect(h.numbers).toEqual(Array.from({ length: h.numbers.length }, (_, k) => 7 - k));
    }
    // Eight versions of about 300 kB fit under the total; the oldest of all went first, so the
    // first text, synced first in each round, holds one fewer.
    expect(all.map((h) => h.numbers.length)).toEqual([2, 3, 3]);
  });

  it('keeps the service’s text a waiting change goes from, and sends the change', async () => {
    const { c, s, time } = await connected({ perText: 1 * MIB, total: 64 * MIB });
    const item = await synced(c, s, 'Waiting', 'What the service has');
    for (let i = 1; i <= 5; i++) {
      await c.call('variants.update', { id: item.variantId, content: longText(`draft ${i}`) });
      c.events.length = 0;
      const saved = c.waitFor((e: BridgeEvent) => e.name === 'versionSaved');
      time.advance(VERSION_PAUSE_MS);
      await saved;
    }
    const { numbers, list } = await history(c, item.variantId);
    // Version 1 is the oldest, yet stays: the change that waits is made against it.
    expect(numbers).toEqual([6, 5, 4, 1]);
    expect(list.at(-1)?.content).toBe('What the service has');
    await c.core.syncNow('user');
    expect(s.inspect.variants().find((x) => x.id === item.serverVariant)?.content).toBe(longText('draft 5'));
  });
});
