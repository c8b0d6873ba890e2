// The token stores against the real OS keychain (gnome-keyring over D-Bus: `npm test` starts
// one; by hand, see scripts/run-tests.mjs), and the fallbacks when there is none.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../../src-main/core/ports';
import { MemorySecretStore, openSecretStore, type KeytarApi } from '../../../../src-main/core/secrets';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = (message: string, fields?: Record<string, unknown>): void => {
    lines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  };
  return { lines, info: log, warn: log, error: log };
}

describe('keychain (real Secret Service)', () => {
  it('round-trips a token under service "Outpost", account = base URL, and deletes it', async () => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
      throw new Error(
        'No D-Bus session: run this through `npm test` (it starts gnome-keyring) or dbus-run-session.',
      );
    }
    const logger = recordingLogger();
    const { store, message } = await openSecretStore({}, logger);
    expect(message).toBeNull();
    expect(store.kind).toBe('keychain');

    const account = `http://127.0.0.1:9/${randomUUID()}`;
    const token = `cps_pat_${randomUUID().replaceAll('-', '')}`;
    expect(await store.get(account)).toBeNull();
    await store.set(account, token);

    // A second, independent opening sees it: it lives in the OS keychain, not in this object.
    const again = await openSecretStore({}, logger);
    expect(await again.store.get(account)).toBe(token);
    // And it is filed where other tools would look for it.
    const keytar = ((await import('keytar')) as { default: KeytarApi }).default;
    expect(await keytar.getPassword('Outpost', account)).toBe(token);

    await store.set(account, `${token}x`);
    expect(await again.store.get(account)).toBe(`${token}x`);
    await store.delete(account);
    expect(await again.store.get(account)).toBeNull();
    await store.delete(account); // deleting what is not there is not an error
    expect(logger.lines.join('\n')).not.toContain(token);
  });
});

describe('OUTPOST_TOKEN', () => {
  const noKeychain = { loadKeytar: () => Promise.reject(new Error('no keytar here')) };

  it('goes only to OUTPOST_BASE_URL, however the address is written, and is never stored', async () => {
    const logger = recordingLogger();
    const token = 'cps_pat_fromTheEnvironment123';
    const env = { OUTPOST_TOKEN: `${token}\n`, OUTPOST_BASE_URL: 'HTTP://127.0.0.1:1/' };
    const { store, message } = await openSecretStore(env, logger, noKeychain);
    expect(store.kind).toBe('environment');
    expect(message).toMatch(/No OS keychain/);
    for (const same of ['http://127.0.0.1:1', 'http://127.0.0.1:1/', 'http://127.0.0.1:1//'])
      expect(await store.get(same)).toBe(token);
    for (const other of [
      'http://127.0.0.1:2',
      'https://127.0.0.1:1',
      'http://127.0.0.1:1/api',
      'https://b.example.com',
    ])
      expect(await store.get(other)).toBeNull();
    expect(store.kindOf?.('http://127.0.0.1:1/')).toBe('environment');
    // Given for its own address (as `outpost connect` passes it), it is still not written anywhere.
    await store.set('http://127.0.0.1:1', token);
    await store.delete('http://127.0.0.1:1');
    expect(await store.get('http://127.0.0.1:1')).toBe(token);
    expect(logger.lines.some((l) => l.includes('not stored'))).toBe(true);
    expect(logger.lines.join('\n')).not.toContain('fromTheEnvironment');
  });

  it('without OUTPOST_BASE_URL, goes to the first address it is used with and no other', async () => {
    const token = 'cps_pat_fromTheEnvironment123';
    const { store } = await openSecretStore({ OUTPOST_TOKEN: token }, recordingLogger(), noKeychain);
    expect(await store.get('https://a.example.com/')).toBe(token);
    expect(await store.get('https://b.example.com')).toBeNull();
    expect(await store.get('https://a.example.com')).toBe(token);
    // Nor when it is given for another address: that one gets it for the session, typed as it were.
    await store.set('https://b.example.com', token);
    expect(await store.get('https://b.example.com')).toBe(token);
    expect(await store.get('https://c.example.com')).toBeNull();
  });

  it('a token typed for an address wins there; one typed before is not replaced by the environment', async () => {
    const env = { OUTPOST_TOKEN: 'cps_pat_environment1', OUTPOST_BASE_URL: 'https://a.example.com' };
    const { store } = await openSecretStore(env, recordingLogger(), noKeychain);
    await store.set('https://a.example.com/', 'cps_pat_typedForA');
    expect(await store.get('https://a.example.com')).toBe('cps_pat_typedForA');
    expect(store.kindOf?.('https://a.example.com')).toBe('memory');
    await store.set('https://b.example.com', 'cps_pat_typedForB');
    expect(await store.get('https://b.example.com')).toBe('cps_pat_typedForB');

    // A later session, unnamed: the address was connected with a typed token, now lost.
    const later = await openSecretStore(
      { OUTPOST_TOKEN: 'cps_pat_environment1' },
      recordingLogger(),
      noKeychain,
    );
    expect(await later.store.get('https://b.example.com', { typedForAddress: true })).toBeNull();
    expect(await later.store.get('https://c.example.com', { typedForAddress: true })).toBeNull();
  });

  it('a token kept in the keychain wins over one from the environment not named for its address', async () => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS)
      throw new Error('No D-Bus session: run this through `npm test`.');
    const account = `http://127.0.0.1:9/${randomUUID()}`;
    const typed = `cps_pat_${randomUUID().replaceAll('-', '')}`;
    const keychain = await openSecretStore({}, recordingLogger());
    await keychain.store.set(`${account}/`, typed);
    try {
      const { store } = await openSecretStore({ OUTPOST_TOKEN: 'cps_pat_environment1' }, recordingLogger());
      expect(await store.get(account)).toBe(typed);
      expect(store.kindOf?.(account)).toBe('keychain');
      // The environment's token, unbound, goes to the next address with nothing kept.
      expect(await store.get('http://127.0.0.1:9/elsewhere')).toBe('cps_pat_environment1');
      // Connecting the address with the environment's token retires the one kept before.
      await store.set(account, 'cps_pat_environment1');
      expect(await keychain.store.get(account)).toBeNull();
    } finally {
      await keychain.store.delete(account);
    }
  });

  it('an OUTPOST_BASE_URL that is not a service address sends the token nowhere', async () => {
    const logger = recordingLogger();
    const env = { OUTPOST_TOKEN: 'cps_pat_environment1', OUTPOST_BASE_URL: 'not an address' };
    const { store } = await openSecretStore(env, logger, noKeychain);
    expect(await store.get('https://a.example.com')).toBeNull();
    expect(logger.lines.some((l) => l.includes('OUTPOST_BASE_URL is not a service address'))).toBe(true);
  });

  it('an empty OUTPOST_TOKEN is ignored', async () => {
    const { store } = await openSecretStore({ OUTPOST_TOKEN: '  ' }, recordingLogger(), noKeychain);
    expect(store.kind).toBe('memory');
  });
});

describe('accounts', () => {
  it('are service addresses as the connection writes them: http://h:1/ is http://h:1, http://h:2 is not', async () => {
    const store = new MemorySecretStore();
    await store.set('http://127.0.0.1:1/', 'cps_pat_one');
    expect(await store.get('http://127.0.0.1:1')).toBe('cps_pat_one');
    expect(await store.get('HTTP://127.0.0.1:1')).toBe('cps_pat_one');
    expect(await store.get('http://127.0.0.1:2')).toBeNull();
    expect(await store.get('http://127.0.0.1:1/other')).toBeNull();
  });
});

describe('no keychain', () => {
  it('without a D-Bus session, real keytar fails and the token is kept in memory with a clear message', () => {
    const script = `
      import { openSecretStore } from './src-main/core/secrets/index.ts';
      const logger = { info() {}, warn() {}, error() {} };
      const { store, message } = await openSecretStore({}, logger);
      await store.set('http://127.0.0.1:9', 'cps_pat_abc');
      console.log(JSON.stringify({ kind: store.kind, message, back: await store.get('http://127.0.0.1:9') }));
    `;
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    delete env.OUTPOST_TOKEN;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(result.stderr).not.toMatch(/Error/);
    const out = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as {
      kind: string;
      message: string;
      back: string;
    };
    expect(out.kind).toBe('memory');
    expect(out.back).toBe('cps_pat_abc');
    expect(out.message).toMatch(
      /^No OS keychain is available \(.+\): the token is kept in memory for this session only; drafting goes on\.$/,
    );
  });

  it('a keychain that never answers the probe is given up on', async () => {
    const logger = recordingLogger();
    const silent: KeytarApi = {
      getPassword: () => new Promise<string | null>(() => undefined),
      setPassword: () => Promise.resolve(),
      deletePassword: () => Promise.resolve(true),
    };
    const { store, message } = await openSecretStore({}, logger, {
      loadKeytar: () => Promise.resolve(silent),
      probeTimeoutMs: 50,
    });
    expect(store).toBeInstanceOf(MemorySecretStore);
    expect(message).toContain('did not answer');
    expect(logger.lines.some((l) => l.includes('No OS keychain'))).toBe(true);
  });
});
