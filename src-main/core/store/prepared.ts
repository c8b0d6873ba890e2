// Queries compiled once. Kysely builds and compiles a query anew on every call; for the
// statements a sync runs once or more per op and an edit per keystroke (a row by id, a row's
// update, a log line, a text's newest version, the check that a record is linked once) that
// cost as much as SQLite running them: a variant by id took 32 µs against 20 µs precompiled, the
// update that records a variant's answer 69 µs against 33 µs; and with the versions' and the
// link check's queries built on every call, a push spent 219 µs an op in Kysely, 48 µs without.
// A prepared query is built once with a marker in each argument's place, compiled, and each
// call binds its arguments where the markers were and runs the SQL through the Kysely it is
// given (so inside the caller's transaction). Only for queries whose arguments are plain
// values: one that is not found among the compiled parameters is refused at once.
import type { Compilable, CompiledQuery, Kysely, QueryResult, Updateable } from 'kysely';
import type { Database } from './schema';

/** Stands for argument `i` while the query is built; no real value looks like it. */
const marker = (i: number): string => `\u0000outpost-argument-${i}\u0000`;

interface Template {
  compiled: CompiledQuery<unknown>;
  /** For each parameter of the compiled query: the argument it takes, or -1 (a constant). */
  slots: number[];
}

function compileTemplate(built: Compilable<unknown>, count: number): Template {
  const compiled = built.compile();
  const markers = Array.from({ length: count }, (_, i) => marker(i));
  const slots = compiled.parameters.map((p) => (typeof p === 'string' ? markers.indexOf(p) : -1));
  for (let i = 0; i < count; i++) {
    if (!slots.includes(i))
      throw new Error(`Prepared query: argument ${i} is not a parameter of ${compiled.sql}`);
  }
  return { compiled, slots };
}

async function runTemplate<R>(
  db: Kysely<Database>,
  t: Template,
  args: readonly unknown[],
): Promise<QueryResult<R>> {
  const parameters = t.compiled.parameters.map((p, i) => {
    const slot = t.slots[i] as number;
    return slot < 0 ? p : args[slot];
  });
  return db.executeQuery<R>({ ...t.compiled, parameters });
}

/** A query of fixed shape; its result (rows, rows changed) comes back as Kysely gives it. */
export function preparedQuery<A extends readonly unknown[], R>(
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
): (db: Kysely<Database>, ...args: A) => Promise<QueryResult<R>> {
  let template: Template | null = null;
  return async (db, ...args) => {
    template ??= compileTemplate(build(db, ...(args.map((_, i) => marker(i)) as unknown as A)), args.length);
    return runTemplate<R>(db, template, args);
  };
}

type TableWithId = 'post' | 'variant';

/**
 * Columns an update writes besides its patch's, worked out from what the patch sets: `set` maps
 * each column to its value (a parameter, or an expression).
 */
export type AlsoSet = (set: Readonly<Record<string, unknown>>) => Record<string, unknown>;

/**
 * `update <table> set <patch> where id = ?`, compiled once per set of columns a patch sets
 * (Kysely leaves out a column whose value is undefined; so does this), with what `alsoSet`
 * adds to it.
 */
export function preparedUpdateById<T extends TableWithId>(table: T, alsoSet: AlsoSet = () => ({})) {
  const byColumns = new Map<string, Template>();
  // Not generic past this point: Kysely's types for a table chosen by a type parameter do not resolve.
  const name: TableWithId = table;
  return async (db: Kysely<Database>, id: string, patch: Updateable<Database[T]>): Promise<void> => {
    const values = patch as Record<string, unknown>;
    const columns = Object.keys(values).filter((k) => values[k] !== undefined);
    // A value built by Kysely (a reference, raw SQL) is part of the query's shape, not a parameter.
    if (columns.some((c) => typeof values[c] === 'object' && values[c] !== null)) {
      const set = Object.fromEntries(columns.map((c) => [c, values[c]]));
      await db
        .updateTable(name)
        .set({ ...set, ...alsoSet(set) } as never)
        .where('id', '=', id)
        .execute();
      return;
    }
    const key = columns.join(',');
    let template = byColumns.get(key);
    if (template === undefined) {
      const set = Object.fromEntries(columns.map((c, i) => [c, marker(i)]));
      template = compileTemplate(
        db
          .updateTable(name)
          .set({ ...set, ...alsoSet(set) } as never)
          .where('id', '=', marker(columns.length)),
        columns.length + 1,
      );
      byColumns.set(key, template);
    }
    await runTemplate(db, template, [...columns.map((c) => values[c]), id]);
  };
}
