// A second process that keeps the same outpost.db busy: short write transactions
// (BEGIN IMMEDIATE, one row in a scratch table of its own, COMMIT) at a steady rate, with the
// same busy_timeout as the app, until its stdin closes. Plain node + better-sqlite3: it starts in
// a fraction of a second. Usage: node busy-writer.mjs <database file> <commits per second>
// Prints `READY` after its first commit and `RESULT {json}` when it stops.
import Database from 'better-sqlite3';

const [file, rateArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: busy-writer.mjs <database file> [commits per second]');
  process.exit(2);
}
const rate = Number(rateArg ?? 500);
// A safety net: the writer never outlives a test that forgot it.
const MAX_MS = 5 * 60_000;

const db = new Database(file);
db.pragma('busy_timeout = 5000');
db.exec(
  'CREATE TABLE IF NOT EXISTS busy_writer_scratch (n INTEGER PRIMARY KEY, at TEXT NOT NULL, pad TEXT NOT NULL)',
);
const begin = db.prepare('BEGIN IMMEDIATE');
const put = db.prepare('INSERT OR REPLACE INTO busy_writer_scratch (n, at, pad) VALUES (?, ?, ?)');
const commit = db.prepare('COMMIT');
const rollback = db.prepare('ROLLBACK');
const pad = 'x'.repeat(64);

const started = Date.now();
let commits = 0;
let ready = false;
let stopped = false;
/** Error messages of the writer's own failed commits, counted. */
const errors = {};

function writeOnce() {
  try {
    begin.run();
    // A thousand rows, overwritten in turn: the file stays small however long the run.
    put.run(commits % 1000, new Date().toISOString(), pad);
    commit.run();
    commits += 1;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    errors[message] = (errors[message] ?? 0) + 1;
    if (db.inTransaction) rollback.run();
  }
}

function tick() {
  if (stopped) return;
  const due = Math.floor(((Date.now() - started) * rate) / 1000);
  // Catch up to the rate, but never hog the loop for long in one go.
  for (let i = 0; commits < due && i < 50; i++) writeOnce();
  if (!ready && commits > 0) {
    ready = true;
    process.stdout.write('READY\n');
  }
  if (Date.now() - started > MAX_MS) stop();
  else setTimeout(tick, 1);
}

function stop() {
  if (stopped) return;
  stopped = true;
  const ms = Date.now() - started;
  db.close();
  process.stdout.write(`RESULT ${JSON.stringify({ commits, ms, errors })}\n`);
  process.exit(0);
}

process.stdin.on('data', () => undefined);
process.stdin.on('end', stop);
process.on('SIGTERM', stop);
writeOnce();
tick();
