// The contract test: the same calls through both bridges, each wired to a real core on its own
// temp folder, must answer the same. Electron's bridge is the real preload and the real IPC
// binding with `electron` mocked (structured clone both ways, like Electron); the browser
// bridge is the real HTTP client against the real browser host over 127.0.0.1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventSource } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BridgeEvent, BridgeResult, OutpostBridge } from '@preload/bridge';
import { startBrowserHost } from '../../../src-main/browser-host/lifecycle';
import type { BrowserHost } from '../../../src-main/browser-host/lifecycle';
import { createAppCore } from '../../../src-main/core/app/create-app-core';
import type { AppCore } from '../../../src-main/core/ports';
import { MemorySecretStore } from '../../../src-main/core/secrets';
import { bindIpc } from '../../../src-main/desktop-app/ipc';
import type { IpcBindings } from '../../../src-main/desktop-app/ipc';
import { createHttpBridge } from '../../../src-renderer/src/lib/http-bridge';
import { VirtualTime } from '../../support/virtual-time';
import { FakeBrowserWindow, electron, fake } from '../../unit/shell/fake-electron';

vi.mock('electron', async () => (await import('../../unit/shell/fake-electron')).electron);

const quiet = { info() {}, warn() {}, error() {} };
/** Both cores' time: it stands still until the test moves it. */
const time = new VirtualTime(new Date('2026-03-01T12:00:00.000Z'));

interface Side {
  bridge: OutpostBridge;
  core: AppCore;
  events: BridgeEvent[];
  /** How many event streams the core is feeding right now. */
  subscribers(): number;
  close(): Promise<void>;
}

function counting(core: AppCore): { core: AppCore; count(): number } {
  let n = 0;
  return {
    core: Object.assign(Object.create(core) as AppCore, {
      invoke: core.invoke.bind(core),
      syncNow: core.syncNow.bind(core),
      setOnline: core.setOnline.bind(core),
      status: core.status.bind(core),
      close: core.close.bind(core),
      subscribe(listener: (event: BridgeEvent) => void) {
        n++;
        const off = core.subscribe(listener);
        return () => {
          n--;
          off();
        };
      },
    }),
    count: () => n,
  };
}

async function makeCore(dir: string, host: 'electron' | 'browser'): Promise<AppCore> {
  return createAppCore({
    dataDir: dir,
    secrets: new MemorySecretStore(),
    host,
    version: '0.0.0-contract',
    clock: time,
    scheduler: time,
    logger: quiet,
    syncIntervalMs: false,
    syncAfterChangeMs: false,
  });
}

async function electronSide(dir: string): Promise<Side> {
  fake.reset();
  const counted = counting(await makeCore(dir, 'electron'));
  const win = new FakeBrowserWindow({});
  await win.loadURL('app://outpost/index.html');
  fake.rendererWindow = win;
  const bindings: IpcBindings = bindIpc({
    ipcMain: electron.ipcMain,
    core: counted.core,
    getWebContents: () => win.webContents as never,
    logger: quiet,
  });
  await import('@preload/index');
  const bridge = fake.exposed.get('outpost') as OutpostBridge;
  const events: BridgeEvent[] = [];
  bridge.subscribe((e) => events.push(e));
  return {
    bridge,
    core: counted.core,
    events,
    subscribers: () => counted.count(),
    async close() {
      bindings.dispose();
      await counted.core.close(0);
    },
  };
}

async function browserSide(dir: string): Promise<Side & { host: BrowserHost }> {
  const counted = counting(await makeCore(dir, 'browser'));
  const host = await startBrowserHost({ dataDir: dir, core: counted.core, rendererDir: dir });
  const bridge = createHttpBridge(host.token, {
    baseUrl: new URL(host.url).origin,
    EventSource: EventSource as never,
  });
  const events: BridgeEvent[] = [];
  bridge.subscribe((e) => events.push(e));
  return {
    bridge,
    core: counted.core,
    events,
    host,
    subscribers: () => counted.count(),
    async close() {
      await host.close();
      await counted.core.close(0);
    },
  };
}

/** Ids are random per core: number them in order of appearance, so two runs compare equal. */
function normalize(value: unknown): unknown {
  const ids = new Map<string, string>();
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
  const text = JSON.stringify(value, (_k, v: unknown) => (v === undefined ? null : v)).replace(uuid, (m) => {
    if (!ids.has(m)) ids.set(m, `<id${ids.size}>`);
    return ids.get(m)!;
  });
  return JSON.parse(text);
}

let electronDir: string;
let browserDir: string;
let e: Side;
let b: Side;

beforeAll(async () => {
  electronDir = mkdtempSync(join(tmpdir(), 'outpost-contract-e-'));
  browserDir = mkdtempSync(join(tmpdir(), 'outpost-contract-b-'));
  e = await electronSide(electronDir);
  b = await browserSide(browserDir);
  // The HTTP stream is live once the host has subscribed it to the core.
  await vi.waitFor(() => expect(b.subscribers()).toBe(1));
  expect(e.subscribers()).toBe(1);
});

afterAll(async () => {
  await e?.close();
  await b?.close();
  rmSync(electronDir, { recursive: true, force: true });
  rmSync(browserDir, { recursive: true, force: true });
});

/** The one sequence both bridges run. Each step feeds the ids it needs from earlier answers. */
async function sequence(bridge: OutpostBridge): Promise<Array<BridgeResult<unknown>>> {
  const results: Array<BridgeResult<unknown>> = [];
  const push = <T>(r: BridgeResult<T>): BridgeResult<T> => (results.push(r), r);
  push(await bridge.invoke('settings.get', undefined));
  const post = push(await bridge.invoke('posts.create', { workspace: null, title: 'Launch day' }));
  if (!post.ok) throw new Error(`posts.create failed: ${post.error.message}`);
  push(await bridge.invoke('posts.list', { workspace: null }));
  const variant = push(
    await bridge.invoke('variants.create', {
      postId: post.value.id,
      platform: 'bluesky',
      content: 'We are live 🚀',
      account: { kind: 'none' },
    }),
  );
  if (!variant.ok) throw new Error(`variants.create failed: ${variant.error.message}`);
  push(await bridge.invoke('variants.update', { id: variant.value.id, content: 'We are live, for real 🚀' }));
  push(await bridge.invoke('posts.get', { id: post.value.id }));
  // A bad payload, a wrong type, a missing field, an unknown id, an unknown command.
  push(await bridge.invoke('posts.create', { workspace: null, title: 42 } as never));
  push(await bridge.invoke('variants.update', {} as never));
  push(await bridge.invoke('posts.get', { id: '00000000-0000-4000-8000-000000000000' }));
  push(await bridge.invoke('posts.remove' as never, { id: 'x' } as never));
  push(await bridge.invoke('sync.status', undefined));
  // A time set and taken back: the `undoable` event, then undo.run, and nothing left to undo.
  push(await bridge.invoke('variants.update', { id: variant.value.id, account: { kind: 'default' } }));
  push(await bridge.invoke('variants.schedule', { id: variant.value.id, at: '2026-03-02T09:00:00Z' }));
  push(await bridge.invoke('undo.run', {}));
  push(await bridge.invoke('undo.run', {}));
  return results;
}

describe('bridge contract: Electron IPC and the browser host answer alike', () => {
  let electronResults: Array<BridgeResult<unknown>>;
  let browserResults: Array<BridgeResult<unknown>>;

  beforeAll(async () => {
    // After a local edit the core recounts on a 150 ms timer and sends syncStatus. On the real
    // clock that lands wherever the two sides happen to be (mid-sequence, or after a later
    // snapshot). On virtual time it is held through the calls and fired on both sides at one point.
    electronResults = await sequence(e.bridge);
    browserResults = await sequence(b.bridge);
    const held = e.events.length;
    time.advance(150);
    // Electron's bridge delivers as the core emits, so this is the recount having run.
    await vi.waitFor(() => expect(e.events.length).toBeGreaterThan(held));
  });

  it('gives identical answers to the same calls', () => {
    expect(normalize(browserResults)).toEqual(normalize(electronResults));
  });

  it('answered what the calls asked for', () => {
    const [settings, created, listed, variant, updated, detail, badType, missing, unknownId, unknownCommand] =
      electronResults;
    expect(settings).toMatchObject({ ok: true, value: { connected: false } });
    expect(created).toMatchObject({ ok: true, value: { title: 'Launch day', workspace: null } });
    expect(listed).toMatchObject({ ok: true, value: [{ title: 'Launch day' }] });
    expect(variant).toMatchObject({ ok: true, value: { platform: 'bluesky', account: { kind: 'none' } } });
    expect(updated).toMatchObject({ ok: true, value: { content: 'We are live, for real 🚀' } });
    expect(detail).toMatchObject({
      ok: true,
      value: { variants: [{ content: 'We are live, for real 🚀' }] },
    });
    expect(badType).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(unknownId).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(unknownCommand).toEqual({
      ok: false,
      error: { code: 'unknown_command', message: 'Unknown command: posts.remove' },
    });
    const [, scheduled, undone, nothingLeft] = electronResults.slice(11);
    expect(scheduled).toMatchObject({ ok: true, value: { scheduledAt: '2026-03-02T09:00:00.000Z' } });
    expect(undone).toMatchObject({
      ok: true,
      value: {
        label: expect.stringMatching(/^Scheduled ‘Launch day’ \(Bluesky\) for /) as string,
        undone: 1,
      },
    });
    expect(nothingLeft).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('delivers the same events to the window', async () => {
    expect(e.events.length).toBeGreaterThan(0);
    expect(e.events.some((event) => event.name === 'itemChanged')).toBe(true);
    expect(e.events.filter((event) => event.name === 'undoable')).toHaveLength(1);
    await expect.poll(() => b.events.length).toBeGreaterThanOrEqual(e.events.length);
    expect(normalize(b.events)).toEqual(normalize(e.events));
  });

  it('delivers an event raised after the calls, too', async () => {
    // Count from where the stream has caught up, or a late earlier event counts as a new one.
    await expect.poll(() => b.events.length).toBe(e.events.length);
    const before = { e: e.events.length, b: b.events.length };
    await e.bridge.invoke('settings.update', { theme: 'dark' });
    await b.bridge.invoke('settings.update', { theme: 'dark' });
    const expected = e.events.length - before.e;
    expect(expected).toBeGreaterThan(0);
    await expect.poll(() => b.events.length - before.b).toBe(expected);
    expect(normalize(b.events.slice(before.b))).toEqual(normalize(e.events.slice(before.e)));
    expect(e.events.slice(before.e).some((event) => event.name === 'settingsChanged')).toBe(true);
  });
});

describe('bridge contract: the closing window’s drop of an empty new post', () => {
  it.each([
    ['Electron IPC', () => e],
    ['the browser host', () => b],
  ])(
    'reaches the core through %s, unanswered: the empty post goes, a titled one stays',
    async (_name, side) => {
      const { bridge, core } = side();
      const made = async (title: string): Promise<string> => {
        const post = await bridge.invoke('posts.create', { workspace: null, title });
        if (!post.ok) throw new Error(`posts.create failed: ${post.error.message}`);
        return post.value.id;
      };
      const empty = await made('');
      const titled = await made('Kept as typed');
      expect(typeof bridge.dropOnLeave).toBe('function');
      // Asked first, so it has mostly been answered (kept) by the time the empty one is gone.
      bridge.dropOnLeave?.(titled);
      bridge.dropOnLeave?.(empty);
      await vi.waitFor(async () =>
        expect(await core.invoke('posts.get', { id: empty })).toMatchObject({
          ok: false,
          error: { code: 'not_found' },
        }),
      );
      expect(await core.invoke('posts.get', { id: titled })).toMatchObject({
        ok: true,
        value: { title: 'Kept as typed' },
      });
    },
  );
});
