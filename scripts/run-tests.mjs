// `npm test`: builds the app (the end-to-end tests drive the built renderer), then runs every
// vitest project in two lanes side by side, and the reliability suites after them. On Linux it
// first starts a private D-Bus session with a gnome-keyring of its own, whose keyrings live in a
// temporary folder (scripts/keyring-session.mjs): the keychain tests talk to a real Secret
// Service, never a mock, and never to the person's own keyring. The person's keyring folder is
// checked before and after: a run that changed it fails.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
// `--full` selects the long reliability figures (npm run test:reliability); npm test runs the
// short ones, on CI as anywhere.
const args = process.argv.slice(2).filter((arg) => arg !== '--full' && arg !== '--dates');
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

// CI has just built the app in a step of its own (.ci/run sets OUTPOST_BUILT): not twice.
if (process.env.OUTPOST_BUILT !== '1') {
  const built = run('npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn']);
  if (built !== 0) process.exit(built);
}

/**
 * The date matrix: the tests that read the test's day (tagged `dates`: the calendar's weeks and
 * months, the queue's next slot, "tomorrow") again, on the days that break date code and in a
 * zone on each side of UTC (test/support/test-date.ts names the days). Each run pins the
 * sandbox's, the core's and the page's clocks to its day, so it is the same on any real day.
 * `npm test` runs it with the rest; `--dates` (npm run test:dates) runs only it.
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
 * One vitest run, as a child process. Answers its status and its plain `N passed, N failed`
 * line. `log`: a file for its output (a run beside another), else this terminal. `notRun`
 * names the tests a filter left out on purpose (reported by vitest as skipped).
 */
async function vitest(name, vitestArgs, { env = process.env, log, notRun = 'skipped' } = {}) {
  // Vitest's own summary is boxed in colour; a plain line closes the run for anything that
  // reads the log.
  const summaryFile = join(root, 'test-results', `vitest-summary${name ? `-${name}` : ''}.json`);
  rmSync(summaryFile, { force: true });
  mkdirSync(dirname(summaryFile), { recursive: true });
  const out = log ? openSync(log, 'w') : 'inherit';
  const child = spawn(
    join(root, 'node_modules', '.bin', 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${summaryFile}`, ...vitestArgs],
    { cwd: root, env, stdio: ['ignore', out, out], shell: process.platform === 'win32' },
  );
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
  if (log) closeSync(out);
  let line = 'no results';
  let failures = [];
  if (existsSync(summaryFile)) {
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    const skipped = summary.numPendingTests + summary.numTodoTests;
    line =
      `${summary.numPassedTests} passed, ${summary.numFailedTests} failed` +
      (skipped > 0 ? `, ${skipped} ${notRun}` : '');
    failures = failuresIn(summary);
  }
  return { name, status, line, failures, log };
}

/**
 * Each failed test of a vitest JSON report as one line: its file, its name, and the first line
 * of why. A long run's log is often read from its tail only; the closing lines then still say
 * which test failed, not just how many.
 */
function failuresIn(summary) {
  const lines = [];
  for (const file of summary.testResults ?? []) {
    const path = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      const why = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      lines.push(`${path} > ${test.fullName}: ${why}`);
    }
    // A file that fails before its tests run (an import, a hook) has no failed test to name.
    if (failed.length === 0 && file.status === 'failed')
      lines.push(`${path}: ${(file.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
  return lines;
}

/**
 * Lanes side by side, the runs of one lane one after another, each run into a log of its own;
 * each log is printed whole once every lane is done, in the order the runs were named.
 */
async function inLanes(lanes) {
  const logDir = mkdtempSync(join(tmpdir(), 'outpost-test-logs-'));
  try {
    const results = await Promise.all(
      lanes.map(async (lane) => {
        const done = [];
        for (const r of lane)
          done.push({
            ...(await vitest(r.name, r.args, { ...r, log: join(logDir, `${r.name}.log`) })),
            title: r.title,
          });
        return done;
      }),
    );
    const all = results.flat();
    for (const r of all) {
      console.log(`\n== ${r.title}`);
      process.stdout.write(readFileSync(r.log));
    }
    return all;
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}

/** The tagged tests of DATE_SENSITIVE on one day of the matrix. */
const onDay = ({ day, zone }) => ({
  name: `dates-${day}`,
  title: `the date-sensitive tests of ${DATE_SENSITIVE.length} files on ${day}, in ${zone}`,
  args: ['--project', 'e2e', '--tags-filter=dates', ...DATE_SENSITIVE],
  env: { ...process.env, OUTPOST_TEST_NOW: day, OUTPOST_TEST_ZONE: zone },
  notRun: 'not tagged dates',
});

const report = (results) => {
  for (const r of results) {
    console.log(`tests (${r.title}): ${r.line}`);
    for (const failure of r.failures) console.log(`  failed: ${failure}`);
  }
  process.exit(results.some((r) => r.status !== 0) ? 1 : 0);
};

if (process.argv.includes('--dates')) {
  // Only the days: two lanes, as in the whole suite below.
  const [first, ...rest] = DATE_MATRIX.map(onDay);
  report(await inLanes([[first], rest]));
}

if (args.length > 0) {
  // A file, a project or a filter of the person's own: one run, as they asked.
  const { status, line, failures } = await vitest('', args);
  console.log(`tests: ${line}`);
  for (const failure of failures) console.log(`  failed: ${failure}`);
  process.exit(status);
}

// The whole suite in two lanes side by side, then the reliability suites alone. An end-to-end
// file spends much of its time waiting on its browser, so the unit and integration files use
// the other core meanwhile; one after another the two took their sum. The days of the date
// matrix are end-to-end runs too, shared out so the lanes end together. The reliability suites
// measure memory, open handles and a crash's timing of their own, so nothing runs beside them.
// One long integration file (a script's whole run through the CLI) goes with the end-to-end
// lane, which was the shorter by about its length.
const [firstDay, ...otherDays] = DATE_MATRIX.map(onDay);
const SCRIPT_RUN = 'test/integration/cli/script-run.test.ts';
const lanes = await inLanes([
  [
    { name: 'e2e', title: 'end-to-end (Chromium)', args: ['--project', 'e2e'] },
    firstDay,
    {
      name: 'script-run',
      title: 'the script run (integration)',
      args: ['--project', 'integration', SCRIPT_RUN],
    },
  ],
  [
    {
      name: 'unit-integration',
      title: 'unit and integration',
      args: [
        '--project',
        'unit',
        '--project',
        'unit-window',
        '--project',
        'integration',
        '--exclude',
        SCRIPT_RUN,
      ],
    },
    ...otherDays,
  ],
]);
console.log('\n== reliability (short figures; `npm run test:reliability` for the long ones)');
const reliability = await vitest('reliability', ['--project', 'reliability']);
report([...lanes, { ...reliability, title: 'reliability' }]);
