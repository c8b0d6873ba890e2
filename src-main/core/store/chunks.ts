// SQLite bounds how many values one statement may bind: long id lists and many-row inserts are
// cut into pieces well under it.

/** Ids per `in (...)` list. */
export const IDS_PER_STATEMENT = 500;
/** Rows per multi-row insert (twenty-odd columns each): a pull imports thousands at a time. */
export const ROWS_PER_INSERT = 100;

export function* chunked<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** A query over a long id list, run a piece of the ids at a time: its rows, in the pieces' order. */
export async function selectByIds<Row>(
  ids: readonly string[],
  query: (part: string[]) => Promise<Row[]>,
): Promise<Row[]> {
  const out: Row[] = [];
  for (const part of chunked(ids, IDS_PER_STATEMENT)) out.push(...(await query(part)));
  return out;
}
