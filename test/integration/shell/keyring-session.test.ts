// The tests' own keychain (scripts/keyring-session.mjs): `npm test` runs inside a private D-Bus
// session whose gnome-keyring keeps its keyrings in a temporary folder. Checked here against a
// real gnome-keyring: the keyring a keychain test writes is the run's own, and a person's login
// keyring with another password is neither needed, nor read, nor changed.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  changedKeyrings,
  makeKeyringHome,
  runInKeyringSession,
  snapshotKeyrings,
} from '../../../scripts/keyring-session.mjs';

const inside = (folder: string, path: string): boolean => !relative(folder, path).startsWith('..');

/** Writes and reads back one secret through keytar, in a child process (its output: what it read). */
const KEYTAR_ROUND_TRIP = `
const keytar = require('keytar');
const [service, account, secret] = process.argv.slice(1);
keytar.setPassword(service, account, secret)
  .then(() => keytar.getPassword(service, account))
  .then((read) => { process.stdout.write(String(read)); return keytar.deletePassword(service, account); })
  .catch((error) => { process.stderr.write(String(error)); process.exit(1); });
`;

const homes: Array<{ remove(): void }> = [];
afterEach(() => {
  for (const home of homes.splice(0)) home.remove();
});

function roundTrip(home: ReturnType<typeof makeKeyringHome>, env: NodeJS.ProcessEnv, password?: string) {
  const secret = `cps_pat_${randomUUID().replaceAll('-', '')}`;
  const result = runInKeyringSession(
    process.execPath,
    ['-e', KEYTAR_ROUND_TRIP, 'Outpost-keyring-check', 'https://example.test/', secret],
    { home, env, stdio: 'pipe', cwd: process.cwd(), ...(password ? { password } : {}) },
  );
  return { secret, status: result.status, out: String(result.stdout), err: String(result.stderr) };
}

describe('the tests’ own keyring', () => {
  it('is where this run’s keychain tests write: a temporary folder, not the person’s', () => {
    const own = process.env.OUTPOST_OWN_KEYRINGS;
    const dataHome = process.env.XDG_DATA_HOME;
    if (!own || !dataHome)
      throw new Error('Run through `npm test` (scripts/run-tests.mjs), which starts the test keyring.');
    expect(inside(tmpdir(), dataHome)).toBe(true);
    expect(inside(own, dataHome)).toBe(false);
    // gnome-keyring made the run's login keyring there when `npm test` unlocked it.
    expect(existsSync(join(dataHome, 'keyrings', 'login.keyring'))).toBe(true);
  });

  it('works beside a login keyring that has another password, and leaves that one as it was', () => {
    // A person's keyring folder, its login keyring made with their own password.
    const person = makeKeyringHome();
    homes.push(person);
    const made = roundTrip(person, process.env, 'the-persons-own-password');
    expect(made.status, made.err).toBe(0);
    expect(made.out).toBe(made.secret);
    const before = snapshotKeyrings(person.keyrings);
    expect(Object.keys(before)).toContain('login.keyring');

    // A test run from that person's session: its environment names their keyring folder.
    const personsEnv = { ...process.env, XDG_DATA_HOME: person.dataHome };
    const run = makeKeyringHome();
    homes.push(run);
    const tried = roundTrip(run, personsEnv);
    expect(tried.status, tried.err).toBe(0);
    expect(tried.out).toBe(tried.secret);
    expect(changedKeyrings(before, snapshotKeyrings(person.keyrings))).toEqual([]);
    expect(Object.keys(snapshotKeyrings(run.keyrings))).toContain('login.keyring');
  });

  it('answers once the command ends, though something started in the session outlives it', () => {
    // As a gnome-keyring that D-Bus started can outlive its bus: with the output in a pipe it
    // inherited, the call waited for it (the test's time runs out long before it ends).
    const home = makeKeyringHome();
    homes.push(home);
    const result = runInKeyringSession('sh', ['-c', 'sleep 45 & echo done'], {
      home,
      env: process.env,
      stdio: 'pipe',
      cwd: process.cwd(),
    });
    expect(result.status).toBe(0);
    expect(String(result.stdout)).toBe('done\n');
  });
});
