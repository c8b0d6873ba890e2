// A table read through the person's choice of columns: each row's fields, and which rows make
// one post (the same `post` cell, or, without one, consecutive rows with the same title).
import type { ImportField, ImportRequest } from '@preload/bridge';
import { unsafeCell } from '@preload/spreadsheet/csv';

export interface ImportRow {
  row: number;
  title: string;
  platform: string;
  account: string;
  text: string;
  time: string;
  /** The `id` of Outpost's own export, when the table is one. */
  id: string;
  /** The `post` cell: in Outpost's own export, the post's local id. */
  post: string;
  /** The row that starts this row's post. */
  postRow: number;
  /**
   * What the row holds past the header's last column: a text with a comma (or a semicolon)
   * that nobody quoted, cut there by the parser. The row is refused rather than imported short.
   */
  beyond: string[];
}

type ReadField = Exclude<ImportField, 'state' | 'link'>;

/** Every row's fields, grouped into posts. */
export function importRows(request: Pick<ImportRequest, 'table' | 'columns'>): ImportRow[] {
  const at = new Map<ImportField, number>();
  request.columns.forEach((field, index) => {
    if (field !== null && !at.has(field)) at.set(field, index);
  });
  const cell = (cells: readonly string[], field: ReadField): string => {
    const index = at.get(field);
    // Outpost's own export writes a cell that could run as a formula with an apostrophe first.
    return index === undefined ? '' : unsafeCell(cells[index] ?? '');
  };
  const groups = new Map<string, number>();
  let previous: { title: string; postRow: number; grouped: boolean } | null = null;
  const columns = request.table.header.length;
  return request.table.rows.map(({ row, cells }) => {
    const title = cell(cells, 'title').trim();
    const post = cell(cells, 'post').trim();
    let postRow = row;
    if (post !== '') postRow = groups.get(post) ?? row;
    else if (previous && !previous.grouped && title !== '' && previous.title === title)
      postRow = previous.postRow;
    if (post !== '' && !groups.has(post)) groups.set(post, row);
    previous = { title, postRow, grouped: post !== '' };
    return {
      row,
      title,
      platform: cell(cells, 'platform').trim(),
      account: cell(cells, 'account').trim(),
      text: cell(cells, 'text').trim(),
      time: cell(cells, 'time'),
      id: cell(cells, 'id').trim(),
      post,
      postRow,
      beyond: cells.slice(columns).filter((c) => c.trim() !== ''),
    };
  });
}
