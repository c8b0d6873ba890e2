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
  it('is used for every account and never stored', async () => {
    const logger = recordingLogger();
    const token = 'cps_pat_fromTheEnvironment123';
    const { store, message } = await openSecretStore({ OUTPOST_TOKEN: `${token}\n` }, logger);
    expect(store.kind).toBe('environment');
    expect(message).toBeNull();
    expect(await store.get('https://a.example.com')).toBe(token);
    expect(await store.get('https://b.example.com')).toBe(token);
    await store.set('https://a.example.com', 'cps_pat_other');
    expect(await store.get('https://a.example.com')).toBe(token);
    await store.delete('https://a.example.com');
    expect(await store.get('https://a.example.com')).toBe(token);
    expect(logger.lines.some((l) => l.includes('not stored'))).toBe(true);
    expect(logger.lines.join('\n')).not.toContain('fromTheEnvironment');
    expect(logger.lines.join('\n')).not.toContain('cps_pat_other');
  });

  it('an empty OUTPOST_TOKEN is ignored', async () => {
    const { store } = await openSecretStore({ OUTPOST_TOKEN: '  ' }, recordingLogger(), {
      loadKeytar: () => Promise.reject(new Error('no keytar here')),
    });
    expect(store.kind).toBe('memory');
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
