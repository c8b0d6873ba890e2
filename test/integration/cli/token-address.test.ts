// From the command line as a script drives it: `OUTPOST_TOKEN` goes only to
// `OUTPOST_BASE_URL` when that is set, else to the address it is first used with; a token typed
// on standard input is the one sent to its address, in this command and (kept in the keychain)
// in the next ones. Each sandbox counts the requests by the token they carried.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsView } from '@preload/bridge';
import type { KeytarApi } from '../../../src-main/core/secrets';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { buildCli, jsonOf, runCli } from './run-cli';

let cli = '';
let first: SandboxHandle;
let second: SandboxHandle;
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-cli-address-'));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  cli = await buildCli('token-address');
  first = await startSandbox();
  second = await startSandbox();
});

afterAll(async () => {
  await first.close();
  await second.close();
  for (const dir of [...dirs, cli]) rmSync(dir, { recursive: true, force: true });
});

/** The tokens a sandbox was sent, with how many requests each. */
const sentTo = (sandbox: SandboxHandle) => sandbox.stats.byToken();

describe('outpost and OUTPOST_TOKEN', () => {
  it(
    'a typed token is the one sent to its address; the environment token never reaches it',
    { timeout: 120_000 },
    async () => {
      const g = ['--data-dir', tempDir()];
      const fromEnv = { OUTPOST_TOKEN: first.mintToken() };
      const typed = second.mintToken();

      const connected = await runCli(cli, [...g, 'connect', '--base-url', first.baseUrl], fromEnv);
      expect(connected.code).toBe(0);
      expect(sentTo(first)[fromEnv.OUTPOST_TOKEN]).toBeGreaterThan(0);

      // With OUTPOST_TOKEN still set, the second address's token typed on standard input.
      const typedRun = await runCli(
        cli,
        [...g, '--json', 'connect', '--base-url', `${second.baseUrl}/`],
        fromEnv,
        `${typed}\n`,
      );
      expect(typedRun.stderr).toBe('');
      expect(typedRun.code).toBe(0);
      const view = jsonOf<{ settings: SettingsView }>(typedRun).settings;
      expect([view.baseUrl, view.tokenStorage]).toEqual([second.baseUrl, 'memory']);
      expect(Object.keys(sentTo(second))).toEqual([typed]);

      // The next command: no keychain kept the typed token, and the environment's is not sent
      // in its place.
      const sync = await runCli(cli, [...g, 'sync', '--wait', '0'], fromEnv);
      expect(sync.code).toBe(1);
      expect(sync.stdout).toContain('OUTPOST_TOKEN is not sent to it');
      expect(Object.keys(sentTo(second))).toEqual([typed]);

      // Named for the address, the environment's token is used there (here, the right one).
      const named = { OUTPOST_TOKEN: typed, OUTPOST_BASE_URL: `${second.baseUrl}/` };
      const namedSync = await runCli(cli, [...g, 'sync', '--wait', '0'], named);
      expect(namedSync.stderr).toBe('');
      expect(namedSync.code).toBe(0);
      expect(Object.keys(sentTo(second))).toEqual([typed]);
    },
  );

  it(
    'refuses to connect another address with the token OUTPOST_BASE_URL names, before any request',
    { timeout: 60_000 },
    async () => {
      const g = ['--data-dir', tempDir()];
      const env = { OUTPOST_TOKEN: first.mintToken(), OUTPOST_BASE_URL: first.baseUrl };
      const before = second.stats.requests;
      const refused = await runCli(cli, [...g, '--json', 'connect', '--base-url', second.baseUrl], env);
      expect(refused.code).toBe(2);
      expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, error: { code: 'usage' } });
      expect(refused.stderr).toContain('OUTPOST_TOKEN is for OUTPOST_BASE_URL');
      expect(refused.stdout + refused.stderr).not.toContain(env.OUTPOST_TOKEN);
      expect(second.stats.requests).toBe(before);
    },
  );

  it(
    'a token typed and kept in the keychain wins over OUTPOST_TOKEN in later commands',
    { timeout: 120_000 },
    async () => {
      if (!process.env.DBUS_SESSION_BUS_ADDRESS)
        throw new Error('No D-Bus session: run this through `npm test` (it starts gnome-keyring).');
      const g = ['--data-dir', tempDir()];
      const fromEnv = { OUTPOST_TOKEN: first.mintToken() };
      const typed = second.mintToken();
      const keytar = ((await import('keytar')) as { default: KeytarApi }).default;
      try {
        const connected = await runCli(
          cli,
          [...g, 'connect', '--base-url', second.baseUrl],
          fromEnv,
          `${typed}\n`,
          true,
        );
        expect(connected.code).toBe(0);
        expect(await keytar.getPassword('Outpost', second.baseUrl)).toBe(typed);
        const sync = await runCli(cli, [...g, 'sync', '--wait', '0'], fromEnv, '', true);
        expect(sync.stderr).toBe('');
        expect(sync.code).toBe(0);
        const status = jsonOf<{ settings: SettingsView }>(
          await runCli(cli, [...g, '--json', 'status'], fromEnv, '', true),
        );
        expect(status.settings.tokenStorage).toBe('keychain');
        expect(sentTo(second)[typed]).toBeGreaterThan(2);
        expect(sentTo(second)[fromEnv.OUTPOST_TOKEN]).toBeUndefined();
        expect(sentTo(first)[fromEnv.OUTPOST_TOKEN]).toBeUndefined();
      } finally {
        await keytar.deletePassword('Outpost', second.baseUrl);
      }
    },
  );
});
