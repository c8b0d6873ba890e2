// A token goes only to the address it was stored for: testing another address
// needs the token typed for it; `OUTPOST_TOKEN` goes only to `OUTPOST_BASE_URL`, or else to the
// first address it is used with; a token typed for an address is the one sent there. Each
// sandbox counts the requests by the token they carried.
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../src-main/core/ports';
import { openSecretStore } from '../../../src-main/core/secrets';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { openCore, tempDir, type TestCore } from './helpers';

const sandboxes: SandboxHandle[] = [];
const dirs: Array<{ remove(): void }> = [];
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  for (const s of sandboxes.splice(0)) await s.close();
  for (const d of dirs.splice(0)) d.remove();
});

async function twoServices(): Promise<[SandboxHandle, SandboxHandle]> {
  const a = await startSandbox();
  const b = await startSandbox();
  sandboxes.push(a, b);
  return [a, b];
}

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The store a host opens with these variables, without a keychain (memory beneath). */
async function environmentStore(env: Record<string, string>) {
  const { store } = await openSecretStore(env, quiet, {
    loadKeytar: () => Promise.reject(new Error('no keychain in this test')),
  });
  return store;
}

/** A data folder that outlives one core, for a second session on it. */
function folder(): string {
  const d = tempDir();
  dirs.push(d);
  return d.dir;
}

describe('a token goes only to the address it was stored for', () => {
  it('Test connection of another address without a typed token sends nothing there', async () => {
    const [home, other] = await twoServices();
    t = await openCore();
    await t.call('settings.connect', { baseUrl: home.baseUrl, token: home.token, authHeader: 'bearer' });
    const before = other.stats.requests;
    const tested = await t.call('settings.testConnection', { baseUrl: other.baseUrl, authHeader: 'bearer' });
    expect(tested).toMatchObject({ ok: false, error: { code: 'invalid_settings' } });
    if (!tested.ok) expect(tested.error.message).toMatch(/only to the address it was stored for/);
    expect(other.stats.requests).toBe(before);
    // The connected address may use the stored token; a typed token may go anywhere it is typed for.
    expect(
      await t.call('settings.testConnection', { baseUrl: home.baseUrl, authHeader: 'bearer' }),
    ).toMatchObject({
      ok: true,
    });
    expect(
      await t.call('settings.testConnection', {
        baseUrl: other.baseUrl,
        token: other.token,
        authHeader: 'bearer',
      }),
    ).toMatchObject({ ok: true });
  });

  it('the address is compared as the connection writes it: a trailing slash is the same, a port is not', async () => {
    const [home, other] = await twoServices();
    t = await openCore();
    await t.call('settings.connect', {
      baseUrl: `${home.baseUrl}/`,
      token: home.token,
      authHeader: 'bearer',
    });
    expect((await t.call('settings.get', undefined)).baseUrl).toBe(home.baseUrl);
    const tested = await t.call('settings.testConnection', { baseUrl: home.baseUrl, authHeader: 'bearer' });
    expect(tested).toMatchObject({ ok: true });
    const before = other.stats.requests;
    const elsewhere = await t.call('settings.testConnection', {
      baseUrl: `${other.baseUrl}/`,
      authHeader: 'bearer',
    });
    expect(elsewhere.ok).toBe(false);
    expect(other.stats.requests).toBe(before);
  });

  it('a stored token is never sent to another address, even once that one is connected', async () => {
    const [home, other] = await twoServices();
    t = await openCore();
    await t.call('settings.connect', { baseUrl: home.baseUrl, token: home.token, authHeader: 'bearer' });
    await t.core.syncNow('user');
    const typed = other.mintToken();
    await t.call('settings.connect', { baseUrl: other.baseUrl, token: typed, authHeader: 'bearer' });
    await t.core.syncNow('user');
    expect(Object.keys(other.stats.byToken())).toEqual([typed]);
    expect(Object.keys(home.stats.byToken())).toEqual([home.token]);
  });

  it('OUTPOST_TOKEN is not handed to an address asked for before any connection', async () => {
    const [home] = await twoServices();
    t = await openCore({ secrets: await environmentStore({ OUTPOST_TOKEN: home.token }) });
    const before = home.stats.requests;
    const tested = await t.call('settings.testConnection', { baseUrl: home.baseUrl, authHeader: 'bearer' });
    expect(tested.ok).toBe(false);
    expect(home.stats.requests).toBe(before);
  });
});

describe('OUTPOST_TOKEN is bound to one address', () => {
  it('connecting a second address with a typed token sends that one there, never the environment token', async () => {
    const [first, second] = await twoServices();
    const fromEnv = first.mintToken();
    const typed = second.mintToken();
    const dir = folder();
    t = await openCore({ dir, secrets: await environmentStore({ OUTPOST_TOKEN: fromEnv }) });
    // As `outpost connect` does with no token typed: the environment's, for its first address.
    await t.call('settings.connect', { baseUrl: first.baseUrl, token: fromEnv, authHeader: 'bearer' });
    await t.core.syncNow('user');
    expect(first.stats.byToken()[fromEnv]).toBeGreaterThan(1);
    expect((await t.call('settings.get', undefined)).tokenStorage).toBe('environment');

    await t.call('settings.connect', { baseUrl: second.baseUrl, token: typed, authHeader: 'bearer' });
    await t.core.syncNow('user');
    expect(
      await t.call('settings.testConnection', { baseUrl: second.baseUrl, authHeader: 'bearer' }),
    ).toMatchObject({ ok: true });
    expect(second.stats.byToken()[typed]).toBeGreaterThan(2);
    expect(Object.keys(second.stats.byToken())).toEqual([typed]);
    expect((await t.call('settings.get', undefined)).tokenStorage).toBe('memory');
    const firstSeen = first.stats.requests;
    await t.core.close(1_000);

    // A later session with the same environment: the typed token was kept in memory only and is
    // gone. The environment's does not stand in for it at that address.
    t = await openCore({ dir, secrets: await environmentStore({ OUTPOST_TOKEN: fromEnv }) });
    const status = await t.core.syncNow('user');
    expect(status.phase).toBe('needs_token');
    expect(status.lastError).toMatch(/OUTPOST_TOKEN is not sent to it/);
    expect(Object.keys(second.stats.byToken())).toEqual([typed]);
    expect(first.stats.requests).toBe(firstSeen);
  });

  it('OUTPOST_BASE_URL names the one address, however it is written; a typed token wins there', async () => {
    const [named, other] = await twoServices();
    const fromEnv = named.mintToken();
    const dir = folder();
    // A folder connected to the named address before (with a token typed then).
    t = await openCore({ dir });
    await t.call('settings.connect', { baseUrl: named.baseUrl, token: named.token, authHeader: 'bearer' });
    await t.core.close(1_000);

    const env = { OUTPOST_TOKEN: fromEnv, OUTPOST_BASE_URL: `${named.baseUrl}/` };
    t = await openCore({ dir, secrets: await environmentStore(env) });
    await t.core.syncNow('user');
    expect(named.stats.byToken()[fromEnv]).toBeGreaterThan(1);

    const typed = other.mintToken();
    await t.call('settings.connect', { baseUrl: other.baseUrl, token: typed, authHeader: 'bearer' });
    await t.core.syncNow('user');
    expect(Object.keys(other.stats.byToken())).toEqual([typed]);

    // Back to the named address with a token typed for it: that one is sent, not the environment's.
    const typedForNamed = named.mintToken();
    const before = named.stats.byToken()[fromEnv];
    await t.call('settings.connect', { baseUrl: named.baseUrl, token: typedForNamed, authHeader: 'bearer' });
    await t.core.syncNow('user');
    expect(named.stats.byToken()[typedForNamed]).toBeGreaterThan(1);
    expect(named.stats.byToken()[fromEnv]).toBe(before);
  });
});
