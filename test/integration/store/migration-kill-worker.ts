// Opens a database with one migration of the chain killing this process once its statements
// have run and before they commit: what a power cut or a SIGKILL during an upgrade does.
// Arguments: the database file, the migration to die in.
import type { Kysely, Migration } from 'kysely';
import { openDatabase } from '../../../src-main/core/store/db';
import { MIGRATIONS } from '../../../src-main/core/store/migrations/index';

const [file, dieIn] = process.argv.slice(2);
if (file === undefined || dieIn === undefined || !(dieIn in MIGRATIONS)) {
  process.stderr.write('usage: migration-kill-worker FILE MIGRATION\n');
  process.exit(2);
}
const real = MIGRATIONS[dieIn] as Migration;
const migrations: Record<string, Migration> = {
  ...MIGRATIONS,
  [dieIn]: {
    async up(db: Kysely<unknown>) {
      await real.up(db);
      process.kill(process.pid, 'SIGKILL');
    },
  },
};
void openDatabase({ file, migrations }).then(
  () => {
    process.stderr.write('the migration chain ended without the kill\n');
    process.exit(3);
  },
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);
