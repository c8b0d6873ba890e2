// A throwaway keychain for the tests on Linux: a private D-Bus session with a gnome-keyring of
// its own, whose keyrings live in a temporary folder. The tests talk to a real Secret Service,
// yet never read or write the person's own keyrings (~/.local/share/keyrings), whatever
// password those have, and never reach a keyring daemon already running on the desktop.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/** The test keyring's password: it guards only the throwaway keyring of one run. */
export const TEST_KEYRING_PASSWORD = 'outpost-test';

/** Where a person's keyrings live under `env` (gnome-keyring's own rule). */
export function keyringFolder(env = process.env) {
  const dataHome = env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share');
  return join(dataHome, 'keyrings');
}

/** Each file of a keyring folder with a hash of its bytes: what must not change during a run. */
export function snapshotKeyrings(folder) {
  if (!existsSync(folder)) return {};
  const files = {};
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (!statSync(path).isFile()) continue;
    files[name] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return files;
}

/** The names of the files that differ between two snapshots (added, removed or changed). */
export function changedKeyrings(before, after) {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/**
 * A temporary home for the test keyring: its data folder (where the keyrings go) and its
 * runtime folder (where the daemon's control socket goes, so `--unlock` cannot reach a daemon
 * of the desktop's). `remove()` deletes it.
 */
export function makeKeyringHome() {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-keyring-'));
  const dataHome = join(dir, 'data');
  const runtimeDir = join(dir, 'run');
  mkdirSync(dataHome, { recursive: true, mode: 0o700 });
  mkdirSync(runtimeDir, { recursive: true, mode: 0o700 });
  return {
    dir,
    dataHome,
    keyrings: join(dataHome, 'keyrings'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The environment a command gets inside the session: the test keyring's folders, no desktop's bus. */
export function keyringEnvironment(home, env = process.env) {
  const next = { ...env, XDG_DATA_HOME: home.dataHome, XDG_RUNTIME_DIR: join(home.dir, 'run') };
  // The desktop's keyring and session bus, if any: the session gets its own of both.
  delete next.GNOME_KEYRING_CONTROL;
  delete next.DBUS_SESSION_BUS_ADDRESS;
  return next;
}

export function canStartKeyringSession() {
  const has = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
  return process.platform === 'linux' && has('dbus-run-session') && has('gnome-keyring-daemon');
}

/**
 * Runs `command args` inside a private D-Bus session whose gnome-keyring keeps its keyrings in
 * `home`, unlocked with `password`. Answers the command's exit status (and, with `stdio: 'pipe'`,
 * its output as `stdout` and `stderr`).
 */
export function runInKeyringSession(
  command,
  args,
  { home, env = process.env, password = TEST_KEYRING_PASSWORD, stdio = 'inherit', cwd } = {},
) {
  // Output asked for goes to files, not pipes: the session's daemons (the gnome-keyring D-Bus
  // starts on demand) inherit the session's standard output, and one that outlived its bus held
  // a pipe open, so the call waited for its end for ever.
  const captured = stdio === 'pipe' ? mkdtempSync(join(tmpdir(), 'outpost-keyring-out-')) : null;
  const redirect = captured ? ' >"$OUTPOST_KEYRING_OUT" 2>"$OUTPOST_KEYRING_ERR"' : '';
  const script = `printf %s "$OUTPOST_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"${redirect}`;
  const out = captured ? join(captured, 'out') : '';
  const err = captured ? join(captured, 'err') : '';
  try {
    const result = spawnSync(
      'dbus-run-session',
      ['--', 'sh', '-c', script, 'keyring-session', command, ...args],
      {
        cwd,
        stdio: captured ? 'ignore' : stdio,
        env: {
          ...keyringEnvironment(home, env),
          OUTPOST_KEYRING_PASSWORD: password,
          ...(captured ? { OUTPOST_KEYRING_OUT: out, OUTPOST_KEYRING_ERR: err } : {}),
        },
      },
    );
    if (result.error) throw result.error;
    if (!captured) return result;
    const read = (file) => (existsSync(file) ? readFileSync(file) : Buffer.alloc(0));
    return { ...result, stdout: read(out), stderr: read(err) };
  } finally {
    if (captured) rmSync(captured, { recursive: true, force: true });
  }
}
