// outpost import, and outpost export --workspace: a table of posts (CSV or TSV, as a
// spreadsheet saves it) checked row by row and made as one step, and a workspace's posts
// written as CSV. The file is read here with the window's own reader
// (src-preload/spreadsheet/); the rows are the core's. The import's --json document is its
// own, `{ rows }`, as scripts that load a month's plan read it; the exit code says the rest.
import type { ImportRequest, ImportRowResult } from '@preload/bridge';
import { matchColumns } from '@preload/spreadsheet/columns';
import { csvFile } from '@preload/spreadsheet/csv';
import { decodeFile } from '@preload/spreadsheet/decode';
import { readTable } from '@preload/spreadsheet/table';
import { FILE_PROBLEMS, MAX_IMPORT_BYTES } from '@preload/words/import';
import { knownZone } from '@preload/zoned-time';
import {
  call,
  CommandFailed,
  defineCommand,
  EXIT_FAILED,
  flag,
  optional,
  required,
  type ArgSpec,
  type CliCommand,
  type Outcome,
} from '../command';
import type { AppCore } from '../../core/ports';
import { oneLine } from '../format';
import { fileToRead, readWhole } from '../read-in';
import { isStandardOutput, writeWhole } from '../write-out';

const TABLE_FILE: ArgSpec = { usage: 'FILE', noun: 'a CSV or TSV file' };

type RowLine = Omit<ImportRowResult, 'status'> & { status: ImportRowResult['status'] | 'ready' };

function rowLine(r: RowLine): string {
  if (r.status === 'created')
    return `row ${r.row}: created post ${r.postId} ${r.variantId === null ? 'with no variant' : `variant ${r.variantId}`}`;
  if (r.status === 'ready')
    return `row ${r.row}: ready${r.scheduledAt === null ? '' : ` for ${r.scheduledAt}`}`;
  return `row ${r.row}: ${r.status}: ${oneLine(r.reason ?? '')}`;
}

/** The file as a table, or the one sentence that says why it is not one. */
function readRequest(file: string, workspace: string, zone: string | undefined): ImportRequest {
  const { path, stats } = fileToRead(file, 'import', TABLE_FILE.noun);
  if (stats.size > MAX_IMPORT_BYTES) throw new CommandFailed('invalid_state', FILE_PROBLEMS.tooBig);
  const decoded = decodeFile(new Uint8Array(readWhole(path)));
  if (!decoded.ok) throw new CommandFailed('invalid_state', decoded.message);
  const read = readTable(decoded.text);
  if (!read.ok) throw new CommandFailed('invalid_state', read.message);
  const columns = matchColumns(read.table.header);
  return {
    workspace,
    table: read.table,
    columns,
    ...(zone === undefined ? {} : { zone: knownZone(zone) ?? zone }),
  };
}

const zoneOption = optional('zone', 'ZONE', {
  check: (value) =>
    knownZone(value) === null
      ? `--zone must be an IANA time zone such as Europe/Berlin or America/New_York, not "${oneLine(value)}".`
      : null,
});

/**
 * `outpost export --workspace SLUG [--out FILE]`: the workspace's posts as CSV. One `export`
 * command (cli/commands/data.ts) writes everything as JSON without --workspace, this with it.
 */
export async function exportWorkspaceCsv(core: AppCore, workspace: string, out?: string): Promise<Outcome> {
  const { csv, rows } = await call(core, 'posts.export', { workspace });
  // A terminal gets plain line breaks; --out writes the file exactly, whole or not at all.
  if (out === undefined || isStandardOutput(out))
    return { json: { csv, rows }, text: csv.replaceAll('\r\n', '\n') };
  const file = writeWhole(out, Buffer.from(csvFile(csv), 'utf8'));
  return { json: { file, rows }, text: `Wrote ${rows} rows to ${file}.` };
}

export const importExportCommands: CliCommand[] = [
  defineCommand({
    name: 'import',
    args: [TABLE_FILE],
    options: [required('workspace', 'SLUG'), zoneOption, flag('dry-run')],
    help: [
      'Posts from a CSV or TSV file (columns title, platform, account, text, time,',
      'post), each row checked first; one line per row. --dry-run checks and makes',
      "nothing. --zone: local times' zone (default: the account's, else this",
      "computer's). Exits 1 when any row is left out. --json: { rows }, and",
      '{ rows: [], error } when the file or the workspace stops it before any row.',
    ],
    // Nothing was checked: no rows, and why.
    ownJson: { failed: (error) => ({ rows: [], error }) },
    async run({ core, values, args: [file] }) {
      const request = readRequest(file, values.workspace, values.zone);
      const rows: RowLine[] = values['dry-run']
        ? (await call(core, 'posts.checkImport', request)).rows.map((r) => ({
            row: r.row,
            status: r.status,
            reason: r.reason,
            postId: null,
            variantId: null,
            scheduledAt: r.scheduledAt,
          }))
        : (await call(core, 'posts.import', request)).rows;
      const leftOut = rows.some((r) => r.status === 'invalid' || r.status === 'duplicate');
      return {
        json: { rows },
        text: rows.map(rowLine).join('\n'),
        ...(leftOut ? { exitCode: EXIT_FAILED } : {}),
      };
    },
  }),
];
