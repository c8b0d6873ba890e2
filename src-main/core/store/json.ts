// JSON kept as text in a column, read back (here and in SQL); and JSON SQLite builds in a query.
import { sql, type RawBuilder } from 'kysely';

/**
 * The value of JSON that SQLite built in the same statement (json_group_array, json_object):
 * never a column's stored text, which damage can cut (readJson reads those). Null for SQL null.
 */
export function parseBuiltJson<T>(text: string | null): T | null {
  if (text === null) return null;
  // SQLite wrote it a moment ago from the row's values, quoting each: it is JSON.
  // eslint-disable-next-line outpost/json-parse-caught
  return JSON.parse(text) as T;
}

/**
 * The value a column's text holds; undefined when the text is not JSON, as a damaged row can
 * leave it (JSON itself has no undefined). Each reader says what such a value means to it.
 */
export function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The fields a column's text holds when it is a JSON object; null for SQL null and anything else. */
export function readJsonObject(text: string | null): Record<string, unknown> | null {
  const value = text === null ? undefined : readJson(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * In SQL, a field of the JSON object a column holds; null when the column is not JSON (a
 * damaged row) or leaves the field out. `column` as Kysely names it ('variant.base'); the path
 * is written into the statement, as a literal, the same in every statement that reads it.
 */
export function jsonFieldOf(column: string, field: string): RawBuilder<unknown> {
  return sql`case when json_valid(${sql.ref(column)}) then json_extract(${sql.ref(column)}, ${sql.lit(`$.${field}`)}) end`;
}
