import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { KeytarSecretStore } from '../../../src-main/core/secrets/keytar-store';
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

describe('connection settings', () => {
  it('test connection, refusals without the token in any message, connect, sign out keeping drafts', async () => {
    sandbox = await startSandbox({ manualClock: true });
    t = await openCore();
    const s = sandbox;
    const tested = await t.call('settings.testConnection', {
      baseUrl: s.baseUrl,
      token: s.token,
      authHeader: 'x-api-key',
    });
    expect(tested).toEqual({ ok: true, workspaces: [s.fixtures.workspace, s.fixtures.secondWorkspace] });

    const revoked = s.mintToken();
    s.revokeToken(revoked);
    const refused = await t.core.invoke('settings.connect', {
      baseUrl: s.baseUrl,
      token: revoked,
      authHeader: 'bearer',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'auth' } });
    expect(JSON.stringify(refused)).not.toContain(revoked.slice(8));
    expect(t.secrets.values.size).toBe(0);

    const malformed = await t.core.invoke('settings.connect', {
      baseUrl: s.baseUrl,
      token: 'not-a-token',
      authHeader: 'bearer',
    });
    expect(malformed).toMatchObject({ ok: false, error: { code: 'invalid_settings' } });
    const backend = await t.core.invoke('settings.connect', {
      baseUrl: `${s.baseUrl}/_backend`,
      token: s.token,
      authHeader: 'bearer',
    });
    expect(backend).toMatchObject({ ok: false, error: { code: 'invalid_settings' } });

    const view = await t.call('settings.connect', {
      baseUrl: `${s.baseUrl}/`,
      token: s.token,
      authHeader: 'bearer',
    });
    expect(view).toMatchObject({ connected: true, baseUrl: s.baseUrl, tokenStorage: 'memory' });
    await t.core.syncNow('user');
    const draft = await t.call('posts.create', { workspace: s.fixtures.workspace, title: 'Keep me' });

    const out = await t.call('settings.signOut', undefined);
    expect(out).toMatchObject({ connected: false, baseUrl: null, tokenStorage: null });
    expect(t.secrets.values.size).toBe(0);
    expect((await t.call('posts.get', { id: draft.id })).title).toBe('Keep me');
    expect((await t.core.syncNow('user')).phase).toBe('not_connected');

    // Nothing anywhere on disk or in events holds the token.
    const secret = s.token.slice(s.token.indexOf('_pat_') + 5);
    expect(readFileSync(join(t.dir, 'logs', 'outpost.log'), 'utf8')).not.toContain(secret);
    for (const f of ['outpost.db', 'outpost.db-wal'].filter((n) => existsSync(join(t!.dir, n))))
      expect(readFileSync(join(t.dir, f)).includes(secret)).toBe(false);
    expect(JSON.stringify(t.events)).not.toContain(secret);
  });

  it('an address typed with /api on its end is the service without it (every path starts with /api/)', async () => {
    sandbox = await startSandbox({ manualClock: true });
    t = await openCore();
    const s = sandbox;
    for (const typed of [`${s.baseUrl}/api/`, `${s.baseUrl}/API`]) {
      const tested = await t.call('settings.testConnection', {
        baseUrl: typed,
        token: s.token,
        authHeader: 'bearer',
      });
      expect(tested).toEqual({ ok: true, workspaces: [s.fixtures.workspace, s.fixtures.secondWorkspace] });
    }
    const view = await t.call('settings.connect', {
      baseUrl: `${s.baseUrl}/api/`,
      token: s.token,
      authHeader: 'bearer',
    });
    expect(view).toMatchObject({ connected: true, baseUrl: s.baseUrl });
    expect((await t.core.syncNow('user')).lastError).toBeNull();
    // An address whose own path merely ends in /api and has nothing there still says so.
    const nowhere = await t.call('settings.testConnection', {
      baseUrl: `${s.baseUrl}/nothing/api`,
      token: s.token,
      authHeader: 'bearer',
    });
    expect(nowhere).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('a missing token for a stored connection asks for one and keeps the queue', async () => {
    sandbox = await startSandbox({ manualClock: true });
    t = await openCore();
    await t.call('settings.connect', {
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    await t.core.syncNow('user');
    await t.call('posts.create', { workspace: sandbox.fixtures.workspace, title: 'Queued' });
    t.secrets.values.clear();
    const status = await t.core.syncNow('user');
    expect(status.phase).toBe('needs_token');
    expect(status.pending).toBe(1);
  });
});

describe('sync triggers', () => {
  it('one sync at a time: a second caller joins the running one', async () => {
    sandbox = await startSandbox({ manualClock: true });
    t = await openCore();
    await t.call('settings.connect', {
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    await t.core.syncNow('user');
    const a = t.core.syncNow('focus');
    const b = t.core.syncNow('interval');
    expect(b).toBe(a);
    await a;
    const log = await t.call('sync.log', { limit: 1000 });
    const starts = log.filter((e) => e.action === 'sync_start').map((e) => e.reason);
    expect(starts).toContain('focus');
    expect(starts).not.toContain('interval');
  });

  it('the core syncs on its own when given an interval', async () => {
    sandbox = await startSandbox({ manualClock: true });
    const s = sandbox;
    const time = new VirtualTime(new Date());
    t = await openCore({ syncIntervalMs: 50, clock: time, scheduler: time });
    await t.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
    // Let the sync that connecting starts finish, so only the interval can send the new post.
    await t.core.syncNow('user');
    const post = await t.call('posts.create', { workspace: s.fixtures.workspace, title: 'By itself' });
    // Nobody calls syncNow: the interval does, and the link arrives as an event.
    const core = t.core;
    const linked = new Promise<void>((resolve) => {
      const stop = core.subscribe((e) => {
        if (e.name === 'itemChanged' && e.data.postId === post.id) {
          void core.invoke('posts.get', { id: post.id }).then((r) => {
            if (r.ok && (r.value as { serverId: string | null }).serverId !== null) {
              stop();
              resolve();
            }
          });
        }
      });
    });
    expect(s.inspect.posts(s.fixtures.workspace).some((p) => p.title === 'By itself')).toBe(false);
    time.advance(50);
    await linked;
    expect(s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === 'By itself')).toHaveLength(1);
  });

  it('the host saying the network is down pauses syncing; back online syncs at once', async () => {
    sandbox = await startSandbox({ manualClock: true });
    const s = sandbox;
    t = await openCore();
    await t.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
    await t.core.syncNow('user');
    t.core.setOnline(false);
    const post = await t.call('posts.create', { workspace: s.fixtures.workspace, title: 'While offline' });
    const status = await t.core.syncNow('user');
    expect(status).toMatchObject({ phase: 'offline', online: false, pending: 1 });
    expect(s.inspect.posts(s.fixtures.workspace).some((p) => p.title === 'While offline')).toBe(false);
    const core = t.core;
    const linked = new Promise<void>((resolve) => {
      const stop = core.subscribe((e) => {
        if (e.name === 'itemChanged' && e.data.postId === post.id && e.data.variantId === null) {
          stop();
          resolve();
        }
      });
    });
    t.core.setOnline(true);
    await linked;
    expect(s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === 'While offline')).toHaveLength(1);
  });
});

describe('a keychain that refuses to store the token', () => {
  it('connects anyway with the token in memory for the session, and says so', async () => {
    sandbox = await startSandbox();
    // Reads work, writes are refused: a locked keyring whose unlock prompt cannot be shown.
    const kept = new Map<string, string>();
    const lockedKeyring = new KeytarSecretStore({
      getPassword: (_service, account) => Promise.resolve(kept.get(account) ?? null),
      setPassword: () => Promise.reject(new Error('Cannot create an item in a locked collection')),
      deletePassword: (_service, account) => Promise.resolve(kept.delete(account)),
    });
    t = await openCore({ secrets: lockedKeyring });
    const view = await t.call('settings.connect', {
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    expect(view).toMatchObject({ connected: true, tokenStorage: 'memory' });
    expect(view.keychainMessage).toMatch(/kept in memory for this session only/);
    expect(view.keychainMessage).toContain('locked collection');
    expect(view.keychainMessage).not.toContain(sandbox.token);
    // The session goes on with the token it was given.
    const post = await t.call('posts.create', {
      workspace: sandbox.fixtures.workspace,
      title: 'Still syncs',
    });
    expect((await t.core.syncNow('user')).lastError).toBeNull();
    expect((await t.call('posts.get', { id: post.id })).serverId).not.toBeNull();
  });
});
