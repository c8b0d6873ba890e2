// `npm test`: builds the app (the end-to-end tests drive the built renderer), then runs every
// vitest project. On Linux it first starts a private D-Bus session with a gnome-keyring of its
// own, whose keyrings live in a temporary folder (scripts/keyring-session.mjs): the keychain
// tests talk to a real Secret Service, never a mock, and never to the person's own keyring. The
// person's keyring folder is checked before and after: a run that changed it fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  canStartKeyringSession,
  changedKeyrings,
  keyringFolder,
  makeKeyringHome,
  runInKeyringSession,
  snapshotKeyrings,
} from './keyring-session.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--full` selects the long reliability figures (npm run test:reliability); npm test runs short
// ones, except on CI (CI=true), where npm test runs them at full size once instead of twice.
const args = process.argv.slice(2).filter((arg) => arg !== '--full' && arg !== '--dates');
if (process.argv.includes('--full') || process.env.CI === 'true') process.env.OUTPOST_RELIABILITY = 'full';

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

if (!process.env.OUTPOST_KEYRING_STARTED && canStartKeyringSession()) {
  const ownKeyrings = keyringFolder();
  const before = snapshotKeyrings(ownKeyrings);
  const home = makeKeyringHome();
  let status;
  try {
    const result = runInKeyringSession(
      process.execPath,
      [fileURLToPath(import.meta.url), ...process.argv.slice(2)],
      {
        home,
        cwd: root,
        env: { ...process.env, OUTPOST_KEYRING_STARTED: '1', OUTPOST_OWN_KEYRINGS: ownKeyrings },
      },
    );
    status = result.status ?? 1;
  } finally {
    home.remove();
  }
  const changed = changedKeyrings(before, snapshotKeyrings(ownKeyrings));
  if (changed.length > 0) {
    console.error(`tests: the run changed your own keyrings in ${ownKeyrings}: ${changed.join(', ')}`);
    status = 1;
  }
  process.exit(status);
}

const built = run('npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn']);
if (built !== 0) process.exit(built);

/**
 * `--dates`: the tests that read the test's day (tagged `dates`: the calendar's weeks and months,
 * the queue's next slot, "tomorrow") again, on the days that break date code and in a zone on
 * each side of UTC (test/support/test-date.ts names the days). Each run pins the sandbox's, the
 * core's and the page's clocks to its day, so it is the same on any real day.
 */
const DATE_SENSITIVE = [
  'test/e2e/calendar.test.ts',
  'test/e2e/calendar-planning.test.ts',
  'test/e2e/undo.test.ts',
  'test/e2e/queue-slots.test.ts',
  'test/e2e/reader-clock.test.ts',
  'test/e2e/freshness.test.ts',
];
const DATE_MATRIX = [
  { day: 'saturday-before-month-end', zone: 'Europe/Berlin' },
  { day: 'eve-of-spring-forward', zone: 'Europe/Berlin' },
  { day: 'end-of-year', zone: 'America/New_York' },
];

/**
 * Runs vitest once; answers its status and its plain `N passed, N failed` line. `notRun` names
 * the tests a filter left out on purpose (reported by vitest as skipped).
 */
function vitest(vitestArgs, env = process.env, notRun = 'skipped') {
  // Vitest's own summary is boxed in colour; a plain line closes the run for anything that
  // reads the log.
  const summaryFile = join(root, 'test-results', 'vitest-summary.json');
  rmSync(summaryFile, { force: true });
  const status = run(
    join(root, 'node_modules', '.bin', 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${summaryFile}`, ...vitestArgs],
    env,
  );
  let line = 'no results';
  if (existsSync(summaryFile)) {
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    const skipped = summary.numPendingTests + summary.numTodoTests;
    line =
      `${summary.numPassedTests} passed, ${summary.numFailedTests} failed` +
      (skipped > 0 ? `, ${skipped} ${notRun}` : '');
  }
  return { status, line };
}

if (process.argv.includes('--dates')) {
  const results = DATE_MATRIX.map(({ day, zone }) => {
    console.log(`\n== the date-sensitive tests of ${DATE_SENSITIVE.length} files on ${day}, in ${zone}`);
    const env = { ...process.env, OUTPOST_TEST_NOW: day, OUTPOST_TEST_ZONE: zone };
    return {
      day,
      zone,
      ...vitest(['--project', 'e2e', '--tags-filter=dates', ...DATE_SENSITIVE], env, 'not tagged dates'),
    };
  });
  for (const r of results) console.log(`tests on ${r.day} in ${r.zone}: ${r.line}`);
  process.exit(results.some((r) => r.status !== 0) ? 1 : 0);
}

const { status, line } = vitest(args);
console.log(`tests: ${line}`);
process.exit(status);
