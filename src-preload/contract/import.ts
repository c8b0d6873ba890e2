// Importing posts from a table (a CSV or TSV file, or cells pasted from a spreadsheet) and
// exporting the list as one. The window and the CLI read the file or the paste into a table
// (src-preload/spreadsheet/); the core checks every row against the workspace and makes the
// rows that are ready as one step, with one undo entry.
import type { LocalId } from './items';
import type { PostFilter, PostSort, TimeRange } from './posts';

/** What a column holds. `state` and `link` are an export's; an import reads past them. */
export type ImportField =
  'title' | 'platform' | 'account' | 'text' | 'time' | 'post' | 'state' | 'link' | 'id';

/** A table as read: the header row, and each row under it with its number in the file (header: 1). */
export interface ImportTable {
  header: string[];
  rows: Array<{ row: number; cells: string[] }>;
}

/** A table to check or import into a workspace, with each column's field (null: not read). */
export interface ImportRequest {
  workspace: string;
  table: ImportTable;
  columns: Array<ImportField | null>;
  /** The zone local times are in; without it, the account's posting-times zone, else `viewerZone`. */
  zone?: string;
  /**
   * The zone of whoever asks (the window's, which may not be the core's computer's: a browser
   * in Berlin on a host running in UTC); without it, the computer's.
   */
  viewerZone?: string;
}

/** ready: can be made; invalid: cannot as it stands; duplicate: made already (or earlier in the file). */
export type ImportRowStatus = 'ready' | 'invalid' | 'duplicate';

export interface ImportRowCheck {
  row: number;
  status: ImportRowStatus;
  /** Why it cannot be made, in words (null when ready). */
  reason: string | null;
  /** The time it would be scheduled at (null: no time, a draft). */
  scheduledAt: string | null;
  /** Placed in its account's next free posting slot. */
  queued: boolean;
  /** The row that starts its post: rows with the same number become one post. */
  postRow: number;
}

export interface ImportCheck {
  rows: ImportRowCheck[];
  /** Rows ready, and the posts they make. */
  ready: number;
  posts: number;
  summary: string;
}

export type ImportRowResultStatus = 'created' | 'invalid' | 'duplicate';

export interface ImportRowResult {
  row: number;
  status: ImportRowResultStatus;
  reason: string | null;
  postId: LocalId | null;
  variantId: LocalId | null;
  scheduledAt: string | null;
}

export interface TableImportReport {
  rows: ImportRowResult[];
  posts: number;
  /** "46 posts planned, 2 left out: row 7 (312 of 280 characters for X), ..." */
  summary: string;
}

/** Which posts an export writes: the list as filtered and sorted, or the chosen posts. */
export interface ExportRequest {
  workspace: string | null;
  /** The selection; without it, the list as `list` filters and sorts it. */
  ids?: LocalId[];
  list?: {
    query?: string;
    filter?: PostFilter;
    platform?: string;
    account?: string;
    outAt?: TimeRange;
    sort?: PostSort;
    hidden?: boolean;
  };
}

export interface ExportedCsv {
  csv: string;
  /** Rows written (one per variant, one for a post without any). */
  rows: number;
}

export interface ImportCommands {
  /** Checks every row; makes nothing. */
  'posts.checkImport': { payload: ImportRequest; result: ImportCheck };
  /** Makes the rows that are ready, as one step with one undo entry. */
  'posts.import': { payload: ImportRequest; result: TableImportReport };
  'posts.export': { payload: ExportRequest; result: ExportedCsv };
}

/** The names of these commands (a host checks a name against every feature's). */
export const IMPORT_COMMANDS: Record<keyof ImportCommands, true> = {
  'posts.checkImport': true,
  'posts.import': true,
  'posts.export': true,
};
