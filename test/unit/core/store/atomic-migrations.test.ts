// Each migration commits with its record, or not at all: a failure at any step of the chain
// leaves the file at the version before that step, and the next start finishes the job.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Kysely, Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MigrationFailed, openDatabase } from '../../../../src-main/core/store/db';
import { MIGRATIONS } from '../../../../src-main/core/store/migrations/index';

const NAMES = Object.keys(MIGRATIONS);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-atomic-mig-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The chain with `name` doing all its work and then failing, as a full disk at its last statement would. */
function failingAt(name: string): Record<string, Migration> {
  const real = MIGRATIONS[name] as Migration;
  return {
    ...MIGRATIONS,
    [name]: {
      async up(db: Kysely<unknown>) {
        await real.up(db);
        throw new Error('injected: database or disk is full');
      },
    },
  };
}

/** The schema (every table, index and column) and the recorded migrations of a file. */
function shapeOf(file: string): { schema: string[]; recorded: string[] } {
  const raw = new BetterSqlite3(file, { readonly: true });
  try {
    const schema = raw
      .prepare("select type, name, sql from sqlite_master where name not like 'sqlite_%' order by name")
      .all()
      .map((r) => JSON.stringify(r));
    const recorded = (
      raw.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>
    ).map((r) => r.name);
    return { schema, recorded };
  } finally {
    raw.close();
  }
}

describe('a migration interrupted by a failing statement', () => {
  it.each(NAMES)('%s: the file stays at the version before it, and the next start finishes', async (name) => {
    const index = NAMES.indexOf(name);
    const file = join(dir, 'outpost.db');
    const before = index === 0 ? null : (NAMES[index - 1] as string);

    // What the file should look like if the chain had stopped cleanly before this step.
    const expected = join(dir, 'expected.db');
    if (before !== null) await (await openDatabase({ file: expected, migrateTo: before })).close();

    const error = await openDatabase({ file, migrations: failingAt(name) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationFailed);
    expect((error as MigrationFailed).migration).toBe(name);

    const left = shapeOf(file);
    expect(left.recorded).toEqual(NAMES.slice(0, index));
    if (before !== null) expect(left.schema).toEqual(shapeOf(expected).schema);

    // Space came back: the next start runs the rest.
    const reopened = await openDatabase({ file });
    await reopened.close();
    const latest = join(dir, 'latest.db');
    await (await openDatabase({ file: latest })).close();
    expect(shapeOf(file)).toEqual(shapeOf(latest));
  });

  it('keeps the rows already in the file when an upgrade fails and runs again', async () => {
    const file = join(dir, 'outpost.db');
    const old = await openDatabase({ file, migrateTo: '0009-hidden-posts' });
    old.sqlite
      .prepare("insert into post (id, title, created_at, updated_at) values ('p1', 'Été kept', 'x', 'x')")
      .run();
    await old.close();

    await expect(openDatabase({ file, migrations: failingAt('0012-post-search') })).rejects.toThrow(
      /0012-post-search did not complete/,
    );
    expect(shapeOf(file).recorded.at(-1)).toBe('0010-sign-off-accounts');

    const opened = await openDatabase({ file });
    const post = opened.sqlite.prepare("select title, search_title from post where id = 'p1'").get();
    expect(post).toEqual({ title: 'Été kept', search_title: 'ete kept' });
    await opened.close();
  });
});
