// A token goes only to the address it was stored for: testing another address needs the token
// typed for it, whether the stored one lives in the keychain or comes from OUTPOST_TOKEN.
import { afterEach, describe, expect, it } from 'vitest';
import { EnvironmentSecretStore } from '../../../src-main/core/secrets/environment-store';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { openCore, type TestCore } from './helpers';

const sandboxes: SandboxHandle[] = [];
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  for (const s of sandboxes.splice(0)) await s.close();
});

async function twoServices(): Promise<[SandboxHandle, SandboxHandle]> {
  const a = await startSandbox();
  const b = await startSandbox();
  sandboxes.push(a, b);
  return [a, b];
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

  it('OUTPOST_TOKEN is not handed to an address asked for before any connection', async () => {
    const [home] = await twoServices();
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    t = await openCore({ secrets: new EnvironmentSecretStore(home.token, quiet) });
    const before = home.stats.requests;
    const tested = await t.call('settings.testConnection', { baseUrl: home.baseUrl, authHeader: 'bearer' });
    expect(tested.ok).toBe(false);
    expect(home.stats.requests).toBe(before);
  });
});
