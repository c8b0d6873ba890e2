// The words of an import and an export of posts: why a file cannot be read at all (one
// sentence, nothing made), each row's verdict with its row number, and the report after.
import { platformName } from '../platforms';

export const MAX_IMPORT_ROWS = 5_000;
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** Why a file or a paste is not a table Outpost can read: one sentence each. */
export const FILE_PROBLEMS = {
  empty: 'The file is empty: there is nothing to import.',
  noRows: 'The table has a header row but no rows under it: there is nothing to import.',
  notText:
    'This is not a text file: save the spreadsheet as CSV (comma, semicolon or tab separated) and import that.',
  tooBig: 'The file is over 10 MB: split it into smaller files and import each.',
  tooManyRows: (rows: number): string =>
    `The table has ${rows.toLocaleString('en-US')} rows, more than the ${MAX_IMPORT_ROWS.toLocaleString('en-US')} one import takes: split it into smaller files.`,
  unclosedQuote: (row: number): string =>
    `Row ${row}: a quoted cell is never closed, so the rest of the file cannot be read as a table.`,
  noText: 'No column holds the posts’ text: name one "text" (or "content", "caption"), or choose it below.',
  noPlatform: 'No column says the platform: name one "platform" (or "network"), or choose it below.',
} as const;

/** A cell as a verdict quotes it: its first 40 characters. */
const shortCell = (cell: string): string => {
  const trimmed = cell.trim();
  return trimmed.length > 40 ? `${trimmed.slice(0, 39)}…` : trimmed;
};

/** Each row's verdict: what stops it from being made as it stands. */
export const ROW_PROBLEMS = {
  noTitle: 'no title: the service keeps the title a post is created with; give the row a title',
  // A later row of a post: the post takes its first row's title.
  postHasNoTitle: (row: number): string =>
    `its post has no title: the service keeps the title a post is created with; give row ${row} a title`,
  noText: 'there is no text',
  beyondHeader: (beyond: readonly string[]): string =>
    `it has more cells than the header has columns (${beyond.map((c) => `'${shortCell(c)}'`).join(', ')} past the last): a text holding a comma or a semicolon needs quotes around it`,
  noPlatform: 'there is no platform',
  // Counted as the editor counts (X weighted, Bluesky in graphemes); said as people say it.
  overLimit: (used: number, limit: number, platform: string): string =>
    `${used} of ${limit} characters for ${platformName(platform)}`,
  noAccount: (platform: string, account: string): string =>
    account === ''
      ? `no active ${platformName(platform)} account in this workspace`
      : `no active ${platformName(platform)} account '${account}' in this workspace`,
  unknownTime: (value: string): string =>
    `'${value}' is not a time Outpost reads: write 2030-03-29 09:30 (a local time), 2030-03-29T09:30+02:00, or queue`,
  gap: (wall: string, zone: string): string => `${wall} does not exist in ${zone} (the clocks go forward)`,
  twice: (wall: string, zone: string, offsets: readonly string[]): string =>
    `${wall} happens twice in ${zone} (the clocks go back): write ${offsets.map((o) => `${wall.replace(' ', 'T')}${o}`).join(' or ')}`,
  past: 'that time is past',
  noPostingTimes: (platform: string): string =>
    `'queue' needs posting times, and this ${platformName(platform)} account has none`,
  queueNeedsAccount: (platform: string): string =>
    `'queue' needs one account: name it in the account column (this workspace has several ${platformName(platform)} accounts)`,
  sameAsRow: (row: number): string => `the same post and text as row ${row}`,
  importedBefore: 'already imported (it is in Outpost)',
  alreadyHere: 'already in Outpost',
  unknownZone: (zone: string): string => `'${zone}' is not a time zone (such as Europe/Berlin)`,
} as const;

/** "Row 7: 312 of 280 characters for X". */
export const rowSentence = (row: number, reason: string): string =>
  `Row ${row}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Before anything is made: "46 rows ready (40 posts), 2 left out". */
export function checkSummary(ready: number, posts: number, problems: number): string {
  const made = `${plural(ready, 'row', 'rows')} ready (${plural(posts, 'post', 'posts')})`;
  return problems === 0 ? made : `${made}, ${problems} cannot be made as they stand`;
}

/** After: "46 posts planned, 2 left out: row 7 (312 of 280 characters for X), row 9 (...)". */
export function importSummary(
  posts: number,
  leftOut: ReadonlyArray<{ row: number; reason: string }>,
): string {
  const made = `${plural(posts, 'post', 'posts')} planned`;
  if (leftOut.length === 0) return made;
  const shown = leftOut.slice(0, 3).map((r) => `row ${r.row} (${r.reason})`);
  const more = leftOut.length > 3 ? `, and ${leftOut.length - 3} more` : '';
  return `${made}, ${leftOut.length} left out: ${shown.join(', ')}${more}`;
}

/** The undo entry's label. */
export const importLabel = (posts: number): string => `Imported ${plural(posts, 'post', 'posts')}`;

/** What the window says after an export. */
export const exportedSentence = (rows: number): string => `Exported ${plural(rows, 'row', 'rows')} as CSV.`;
