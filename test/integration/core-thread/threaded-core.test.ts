// The core on its own thread, driven from this thread as the hosts drive it: real worker
// threads, a real SQLite file, real HTTP to the sandbox. What the port carries, what it refuses,
// and what a death of the thread costs: a plain error for what was in flight, a new thread, and
// on the service nothing lost and nothing twice.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeEvent, CommandName, CommandPayload, CommandResult, DataStatus } from '@preload/bridge';
import { ThreadedCore, startCoreThread, type HostSecrets } from '../../../src-main/core-thread/threaded-core';
import type { ToCore } from '../../../src-main/core-thread/messages';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import type { SecretStore } from '../../../src-main/core/ports';
import {
  KeytarSecretStore,
  keychainUnavailableMessage as keychainWords,
} from '../../../src-main/core/secrets';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { coreWorkerBundle } from '../../support/core-worker-bundle';
import { idle, workersStartedBy } from '../../support/thread-idle';
import { MemorySecrets, tempDir } from '../core/helpers';

const ROGUE_WORKER = new URL('./rogue-worker.mjs', import.meta.url);
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Threaded<S extends SecretStore = MemorySecrets> {
  core: ThreadedCore;
  secrets: S;
  events: BridgeEvent[];
  call<C extends CommandName>(command: C, payload: CommandPayload<C>): Promise<CommandResult<C>>;
  next(match: (event: BridgeEvent) => boolean): Promise<BridgeEvent>;
}

async function threaded<S extends SecretStore = MemorySecrets>(
  workerFile?: string | URL,
  given?: S,
): Promise<Threaded<S>> {
  const temp = tempDir('outpost-thread-');
  const secrets = given ?? (new MemorySecrets() as SecretStore as S);
  const core = await startCoreThread({
    options: {
      dataDir: temp.dir,
      host: 'browser',
      version: 'test',
      syncIntervalMs: false,
      syncAfterChangeMs: false,
    },
    secrets: { store: secrets, message: null },
    workerFile: workerFile ?? (await coreWorkerBundle()),
  });
  cleanups.push(async () => {
    await core.close(1_000);
    temp.remove();
  });
  const events: BridgeEvent[] = [];
  const waiters = new Set<(event: BridgeEvent) => void>();
  core.subscribe((event) => {
    events.push(event);
    for (const waiter of [...waiters]) waiter(event);
  });
  return {
    core,
    secrets,
    events,
    async call(command, payload) {
      const result = await core.invoke(command, payload);
      if (!result.ok) throw new Error(`${command}: ${result.error.code}: ${result.error.message}`);
      return result.value;
    },
    next: (match) =>
      new Promise((resolve) => {
        const waiter = (event: BridgeEvent): void => {
          if (!match(event)) return;
          waiters.delete(waiter);
          resolve(event);
        };
        waiters.add(waiter);
      }),
  };
}

async function sandbox(): Promise<SandboxHandle> {
  const s = await startSandbox({ seed: 'test' });
  cleanups.push(() => s.close());
  return s;
}

const isDataStatus = (event: BridgeEvent): event is { name: 'dataStatus'; data: DataStatus } =>
  event.name === 'dataStatus';
const restarting = (e: BridgeEvent): boolean => isDataStatus(e) && e.data.problem?.kind === 'core_restarting';
const backAgain = (e: BridgeEvent): boolean => isDataStatus(e) && e.data.problem === null;

describe('the core on its own thread', () => {
  it('answers commands, relays events, and keeps the token on the host’s side', async () => {
    const s = await sandbox();
    const t = await threaded();
    await t.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
    // The core asked the host to keep it: the token is in the host's store.
    expect(t.secrets.values.get(s.baseUrl)).toBe(s.token);
    expect(await t.call('settings.get', undefined)).toMatchObject({
      connected: true,
      tokenStorage: 'memory',
    });

    const changed = t.next((e) => e.name === 'itemChanged');
    const post = await t.call('posts.create', { workspace: s.fixtures.workspace, title: 'From the thread' });
    expect((await changed).data).toMatchObject({ postId: post.id });

    const status = await t.core.syncNow('user');
    expect(status.pending).toBe(0);
    expect(t.core.status().pending).toBe(0);
    expect(s.inspect.posts().filter((p) => p.title === 'From the thread')).toHaveLength(1);
  });

  it('relays the events a command emitted before its answer, in the order emitted', async () => {
    const s = await sandbox();
    const t = await threaded();
    await t.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
    const post = await t.call('posts.create', { workspace: s.fixtures.workspace, title: 'Events first' });
    const variant = await t.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Typed',
      account: { kind: 'default' },
    });
    // No waiting: the answers came after the events, which travel in one message per turn.
    const changed = t.events.filter((e) => e.name === 'itemChanged').map((e) => e.data);
    expect(changed).toEqual(
      expect.arrayContaining([
        { postId: post.id, variantId: null },
        { postId: post.id, variantId: variant.id },
      ]),
    );
    const at = (variantId: string | null): number =>
      changed.findIndex((d) => d.postId === post.id && d.variantId === variantId);
    expect(at(null)).toBeLessThan(at(variant.id));
  });

  it('refuses what is not a command, or not plain data, before it reaches the core', async () => {
    const t = await threaded();
    const unknown = await t.core.invoke('posts.explode' as CommandName, {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    const notData = await t.core.invoke('posts.create', { workspace: 'w', title: () => 'x' });
    expect(notData).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    // The core's own schema, on its thread, says what is wrong with a payload.
    const wrong = await t.core.invoke('posts.create', { workspace: 7 });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
  });

  it('refuses answers and events from the thread that are not what a core sends', async () => {
    const t = await threaded(ROGUE_WORKER);
    const answer = await t.core.invoke('settings.get', undefined);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error).toMatchObject({ code: 'internal' });
    // One unknown event refuses its whole message: the known one beside it is not relayed either.
    expect(t.events).toEqual([]);
  });

  it('answers a command in flight when the thread dies, says so, and starts a new thread', async () => {
    const t = await threaded();
    const said = t.next(restarting);
    const back = t.next(backAgain);
    const inFlight = t.core.invoke('settings.get', undefined);
    await t.core.terminateThread();
    const answer = await inFlight;
    // Either it answered before the end, or it says plainly that the core stopped.
    if (!answer.ok) expect(answer.error.code).toBe('core_restarting');
    expect((await said).data).toMatchObject({ problem: { kind: 'core_restarting' } });
    await back;
    const after = await t.core.invoke('settings.get', undefined);
    expect(after.ok).toBe(true);
  });

  it('killed mid-sync, the new thread’s sync sends every post once: nothing lost, nothing twice', async () => {
    const s = await sandbox();
    const t = await threaded();
    await t.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
    await t.core.syncNow('user');
    const titles = Array.from({ length: 12 }, (_, i) => `Thread post ${i + 1}`);
    for (const title of titles) {
      const post = await t.call('posts.create', { workspace: s.fixtures.workspace, title });
      await t.call('variants.create', {
        postId: post.id,
        platform: 'x',
        content: `Text of ${title}`,
        account: { kind: 'default' },
      });
    }
    // Slow answers, so the thread dies with requests out and some posts already sent.
    const slow = s.faults.add({ method: 'POST', kind: 'latency', latencyMs: 150 });
    const sync = t.core.syncNow('user');
    const ended = sync.then(
      () => 'finished',
      (error: Error) => error.message,
    );
    // Each answer the core records tells the window: three recorded, more are on their way.
    let recorded = 0;
    await t.next((e) => e.name === 'itemChanged' && ++recorded === 3);
    expect(s.stats.creates().length).toBeGreaterThanOrEqual(3);
    const back = t.next(backAgain);
    await t.core.terminateThread();
    expect(await ended).toMatch(/stopped before it answered/);
    s.faults.remove(slow);
    await back;
    // The host runs the start sync on the new thread by itself; a sync asked now joins it.
    let status = await t.core.syncNow('user');
    for (let more = 0; status.pending > 0 && more < 3; more++) status = await t.core.syncNow('user');
    expect(status.pending).toBe(0);
    const sent = s.inspect.posts().filter((p) => p.title.startsWith('Thread post '));
    expect(sent.map((p) => p.title).sort()).toEqual([...titles].sort());
    for (const post of sent) {
      expect(s.inspect.variants(post.id).map((v) => v.content)).toEqual([`Text of ${post.title}`]);
    }
  });
  it('a keychain that refused the token: a new thread still has it, from the host’s memory, and says so', async () => {
    const s = await sandbox();
    // Reads work, writes are refused: a locked keyring whose unlock prompt cannot be shown.
    const kept = new Map<string, string>();
    const lockedKeyring = new KeytarSecretStore({
      getPassword: (_service, account) => Promise.resolve(kept.get(account) ?? null),
      setPassword: () => Promise.reject(new Error('Cannot create an item in a locked collection')),
      deletePassword: (_service, account) => Promise.resolve(kept.delete(account)),
    });
    const t = await threaded(undefined, lockedKeyring);
    const view = await t.call('settings.connect', {
      baseUrl: s.baseUrl,
      token: s.token,
      authHeader: 'bearer',
    });
    expect(view).toMatchObject({ connected: true, tokenStorage: 'memory' });

    const back = t.next(backAgain);
    await t.core.terminateThread();
    await back;
    const after = await t.call('settings.get', undefined);
    expect(after).toMatchObject({ connected: true, tokenStorage: 'memory' });
    expect(after.keychainMessage).toMatch(/kept in memory for this session only/);
    expect(after.keychainMessage).toContain('locked collection');
    const post = await t.call('posts.create', {
      workspace: s.fixtures.workspace,
      title: 'After the restart',
    });
    expect((await t.core.syncNow('user')).lastError).toBeNull();
    expect((await t.call('posts.get', { id: post.id })).serverId).not.toBeNull();
    expect(kept.size).toBe(0);
  });
});

describe('the host’s token store still on its way (the keychain’s probe)', () => {
  const options = (dataDir: string) =>
    ({ dataDir, host: 'browser', version: 'test', syncIntervalMs: false, syncAfterChangeMs: false }) as const;

  it('the thread loads meanwhile, opens no core until the store is known, then opens with its words', async () => {
    const temp = tempDir('outpost-early-');
    cleanups.push(() => temp.remove());
    const workerFile = await coreWorkerBundle();
    let arrive!: (secrets: HostSecrets) => void;
    const { result: core, workers: threads } = workersStartedBy(
      () =>
        new ThreadedCore({
          options: options(temp.dir),
          secrets: new Promise<HostSecrets>((resolve) => (arrive = resolve)),
          workerFile,
        }),
    );
    cleanups.push(() => core.close(1_000));
    expect(threads).toHaveLength(1);
    // Its code loads meanwhile; the core, which makes the database, waits for the store.
    await idle(threads[0]!);
    expect(existsSync(join(temp.dir, DATABASE_FILE))).toBe(false);

    const words = keychainWords('no Secret Service answered');
    arrive({ store: new MemorySecrets(), message: words });
    await core.opened();
    expect(existsSync(join(temp.dir, DATABASE_FILE))).toBe(true);
    expect(await core.invoke('settings.get', undefined)).toMatchObject({
      ok: true,
      value: { keychainMessage: words },
    });
  });

  it('a store that cannot be opened: the core does not start, and says why', async () => {
    const temp = tempDir('outpost-early-');
    cleanups.push(() => temp.remove());
    const core = new ThreadedCore({
      options: options(temp.dir),
      secrets: Promise.reject(new Error('the keychain library did not load')),
      workerFile: await coreWorkerBundle(),
    });
    await expect(core.opened()).rejects.toThrow(
      'Where tokens are kept could not be opened: the keychain library did not load',
    );
    expect(existsSync(join(temp.dir, DATABASE_FILE))).toBe(false);
  });

  it('closed while its core opens: closed as soon as it is open, without waiting out the grace', async () => {
    const temp = tempDir('outpost-early-');
    cleanups.push(() => temp.remove());
    const posted = vi.spyOn(Worker.prototype, 'postMessage');
    const core = new ThreadedCore({
      options: options(temp.dir),
      secrets: { store: new MemorySecrets(), message: null },
      workerFile: await coreWorkerBundle(),
    });
    // `begin` is posted once the store is known, and the thread, still loading its code, takes
    // it up and then this close in that order: the close arrives while the core opens.
    await vi.waitFor(() => {
      expect(posted.mock.calls.some(([message]) => (message as ToCore).kind === 'begin')).toBe(true);
    });
    posted.mockRestore();
    await core.close(60_000);
    expect(existsSync(join(temp.dir, DATABASE_FILE))).toBe(true);
  }, 20_000);

  it('closed before the store is known: the thread ends at once, without waiting out the grace', async () => {
    const temp = tempDir('outpost-early-');
    cleanups.push(() => temp.remove());
    const core = new ThreadedCore({
      options: options(temp.dir),
      secrets: new Promise<HostSecrets>(() => undefined),
      workerFile: await coreWorkerBundle(),
    });
    // A thread that did not end by itself would be ended only after the grace (a minute) and
    // 5 s more: long past this test's time.
    await core.close(60_000);
  }, 20_000);
});
