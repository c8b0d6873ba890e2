// JSON kept as text in a column, read back.

/** The value of a JSON column; null for SQL null. */
export function parseJson<T>(text: string | null): T | null {
  if (text === null) return null;
  return JSON.parse(text) as T;
}
