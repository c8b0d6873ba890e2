// `npm test`: builds the app (the end-to-end tests drive the built renderer), then runs every
// vitest project. On Linux without a desktop session it first starts a private D-Bus session
// with gnome-keyring, so the keychain tests talk to a real Secret Service, never a mock.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--full` selects the long reliability seeds (npm run test:reliability); npm test runs short ones.
const args = process.argv.slice(2).filter((arg) => arg !== '--full');
if (process.argv.includes('--full')) process.env.OUTPOST_RELIABILITY = 'full';

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

const needsKeyring =
  process.platform === 'linux' &&
  !process.env.DBUS_SESSION_BUS_ADDRESS &&
  !process.env.OUTPOST_KEYRING_STARTED;

if (needsKeyring && hasCommand('dbus-run-session') && hasCommand('gnome-keyring-daemon')) {
  // The throwaway keyring's password only guards this test session's keyring.
  const script =
    'echo -n outpost-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec node scripts/run-tests.mjs "$@"';
  process.exit(
    run('dbus-run-session', ['--', 'sh', '-c', script, 'run-tests', ...args], {
      ...process.env,
      OUTPOST_KEYRING_STARTED: '1',
    }),
  );
}

const built = run('npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn']);
if (built !== 0) process.exit(built);

// Vitest's own summary is boxed in colour; a plain `N passed, N failed` line closes the run
// for anything that reads the log.
const summaryFile = join(root, 'test-results', 'vitest-summary.json');
rmSync(summaryFile, { force: true });
const status = run(join(root, 'node_modules', '.bin', 'vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${summaryFile}`,
  ...args,
]);
if (existsSync(summaryFile)) {
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  const skipped = summary.numPendingTests + summary.numTodoTests;
  console.log(
    `tests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed` +
      (skipped > 0 ? `, ${skipped} skipped` : ''),
  );
}
process.exit(status);
