// outpost backup, backups, export, import-backup: the copies Outpost keeps of its database, and
// everything of the user's in one file and back. `export` writes the whole folder as JSON; an
// export of one workspace's posts in another form would take an option of its own beside it.
import type { BackupView } from '@preload/bridge';
import { megabytes } from '../../core/store/copies';
import {
  call,
  defineCommand,
  optional,
  UsageError,
  type ArgSpec,
  type CliCommand,
  type Values,
} from '../command';
import { table } from '../format';
import { exportWorkspaceCsv } from './import-export';
import { fileToRead, readHead, readWhole } from '../read-in';
import { isStandardOutput, writeWhole } from '../write-out';
import { EXPORT_OUT } from '@preload/words/data';

const EXPORT_OR_COPY: ArgSpec = { usage: 'FILE', noun: 'a file (an export, or a copy from backups/)' };

const SQLITE_MAGIC = 'SQLite format 3\0';

function copyLine(c: BackupView): string[] {
  return [c.at, megabytes(c.bytes), c.posts === null ? 'unreadable' : `${c.posts} posts`, c.kind, c.file];
}

function isCopyFile(file: string): boolean {
  return readHead(file, SQLITE_MAGIC.length).toString('latin1') === SQLITE_MAGIC;
}

export const dataCommands: CliCommand[] = [
  defineCommand({
    name: 'backup',
    help: ["Make a copy of Outpost's database now, in backups/ of the data folder;", 'prints its path.'],
    async run({ core }) {
      const copy = await call(core, 'data.backup', undefined);
      return { json: copy, text: copy.file };
    },
  }),
  defineCommand({
    name: 'backups',
    help: ['The copies kept in backups/, newest first: when, size, posts, why it', 'was made, and its file.'],
    async run({ core }) {
      const copies = await call(core, 'data.backups', undefined);
      return { json: copies, text: copies.length === 0 ? 'No copies yet.' : table(copies.map(copyLine)) };
    },
  }),
  defineCommand({
    name: 'export',
    options: [optional('workspace', 'SLUG'), optional('out', 'FILE')],
    help: [
      'Without --workspace: everything of yours in one JSON file (--out FILE): every',
      'post, variant, kept version, posting time and setting (never the token);',
      "import-backup brings it back. With --workspace SLUG: that workspace's posts",
      'as CSV (the columns import reads, and state, link, id), to FILE or standard output.',
      'FILE is written whole or not at all; a link is followed; --out - is standard output.',
    ],
    async run({ core, values }) {
      if (values.workspace !== undefined) return exportWorkspaceCsv(core, values.workspace, values.out);
      if (values.out === undefined)
        throw new UsageError(
          "export needs --out FILE (everything, as JSON) or --workspace SLUG (that workspace's posts, as CSV).",
        );
      if (isStandardOutput(values.out)) {
        if ((values as Values).json === true) throw new UsageError(EXPORT_OUT.stdoutWithJson);
        // The document is the whole output: a script pipes it on as it is.
        return { json: null, text: (await call(core, 'data.export', undefined)).document };
      }
      const { document, posts } = await call(core, 'data.export', undefined);
      const data = Buffer.from(document, 'utf8');
      const file = writeWhole(values.out, data);
      return {
        json: { file, posts, bytes: data.length },
        text: `Wrote ${posts} posts to ${file} (${megabytes(data.length)}).`,
      };
    },
  }),
  defineCommand({
    name: 'import-backup',
    args: [EXPORT_OR_COPY],
    help: [
      'Bring back an export, or a copy `outpost backups` lists, adding only what',
      'is not here already (by local and service ids); the folder is copied first.',
    ],
    async run({ core, args: [file] }) {
      const { path } = fileToRead(file, 'import-backup', EXPORT_OR_COPY.noun);
      const payload = isCopyFile(path) ? { copy: path } : { document: readWhole(path).toString('utf8') };
      const report = await call(core, 'data.import', payload);
      return {
        json: report,
        text: `${report.text} The folder as it was is kept in ${report.copyBefore ?? 'no copy'}.`,
      };
    },
  }),
];
