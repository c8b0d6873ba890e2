// How a base is stored. A base is the service's last state of an item, the common ancestor of
// the three-way merge; most of its fields mirror a column of the item's own row (a variant's
// `content` and `content`, a post's `title` and `title`), and on a synced item with no change
// here they are equal. So a base is stored without the fields that equal the row's own column:
// a field left out reads "the same as the row", and an unchanged variant's base is `{}`
// instead of a second copy of its text. Two rules keep a field left out true:
// - writing a base leaves out only what equals the row as that same statement leaves it (the
//   comparison runs inside the UPDATE, with the values it writes: never against a row read
//   earlier, which a keystroke may have changed since);
// - a statement that changes a mirrored column without writing the base first writes the old
//   value into it (`json_insert` adds a field only where it is left out, so a field the base
//   already holds stays as the service had it).
// A null base stays null: the item has no base (never synced). A base that is not a JSON object
// (a damaged row) reads as none, here and in the SQL below: the item's own values stand, and
// nothing that reads or writes the item fails on it.
import { sql, type RawBuilder } from 'kysely';
import { readJsonObject } from './json';

/** A path no base has: `json_remove` leaves the base as it is for a field that is kept. */
const KEPT = sql.lit('$."~kept"');
const path = (field: string) => sql.lit(`$.${field}`);

/** The full base of a row: what its stored base holds, the mirrored fields it leaves out from the row. */
export function expandBase<T extends object, F extends string>(
  stored: string | null,
  row: Readonly<Record<F, unknown>>,
  mirrored: readonly F[],
): T | null {
  const kept = readJsonObject(stored);
  if (kept === null) return null;
  const full: Record<string, unknown> = {};
  for (const field of mirrored) full[field] = row[field];
  return { ...full, ...kept } as T;
}

/**
 * One field of a row's base: null when the row has no base, else what the base holds for it or,
 * left out, the row's own value. Reads only the base and that one column.
 */
export function baseFieldOf<F extends string>(
  stored: string | null,
  row: Readonly<Record<F, unknown>>,
  field: F,
): unknown {
  const kept = readJsonObject(stored);
  if (kept === null) return null;
  return Object.hasOwn(kept, field) ? kept[field] : row[field];
}

/**
 * A full base (JSON) as it is stored beside `row`, the row as it is written with it: for an
 * insert, where the whole row is known, and to tell whether a stored base would change. Text
 * that is not a JSON object is stored as it is.
 */
export function compactBase<F extends string>(
  full: string | null | undefined,
  row: Readonly<Partial<Record<F, unknown>>>,
  mirrored: readonly F[],
): string | null | undefined {
  if (full === null || full === undefined) return full;
  const base = readJsonObject(full);
  if (base === null) return full;
  const kept = { ...base };
  for (const field of mirrored)
    if (Object.hasOwn(kept, field) && kept[field] === (row[field] ?? null)) delete kept[field];
  return JSON.stringify(kept);
}

/**
 * The base an UPDATE writes, given what it sets: `set` maps each column it writes to the value
 * (a parameter, or any expression). A full base it writes is stored without the fields that
 * equal the row as the statement leaves it; a mirrored column it changes without writing the
 * base keeps its old value in the base. Undefined: the statement leaves the base alone.
 */
export function baseWrittenBy(
  set: Readonly<Record<string, unknown>>,
  mirrored: readonly string[],
): RawBuilder<string | null> | undefined {
  if (Object.hasOwn(set, 'base')) {
    const base = set.base;
    // The value each mirrored column has once the statement has run: the one it sets, else its own.
    const after = (field: string) => (Object.hasOwn(set, field) ? sql`${set[field]}` : sql.ref(field));
    const leftOut = mirrored.map(
      (field) =>
        sql`case when json_extract(${base}, ${path(field)}) is ${after(field)} then ${path(field)} else ${KEPT} end`,
    );
    // Text that is not JSON is stored as it is, as compactBase stores it.
    return sql<
      string | null
    >`case when json_valid(${base}) then json_remove(${base}, ${sql.join(leftOut)}) else ${base} end`;
  }
  const changed = mirrored.filter((field) => Object.hasOwn(set, field));
  if (changed.length === 0) return undefined;
  // In an UPDATE a column's name reads its value before the statement.
  const olds = changed.flatMap((field) => [path(field), sql.ref(field)]);
  // A stored base that is not JSON (a damaged row) is read as none (baseFieldOf): left as it is,
  // so the change itself still goes in.
  return sql<
    string | null
  >`case when json_valid(base) then json_insert(base, ${sql.join(olds)}) else base end`;
}
