// What data.* does (declared in commands.ts): the data folder itself. Its status (a recovered
// start to read, a problem that stops changes), the copies kept in backups/, and everything
// exported into one file or brought back from one. Reading an export adds only what is not here yet (by local and service ids), after a
// copy of the folder as it was.
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { BackupView, DataStatus, ImportReport } from '@preload/bridge';
import { importText, MAY_HAVE_GONE_OUT } from '@preload/words/data';
import type { Clock, Logger } from '../../ports';
import { snapshotTo, type CopyFile } from '../../store/copies';
import type { OpenedDatabase } from '../../store/db';
import { STRAY_TITLE } from '../../store/open-store';
import { mergeRows, type Rows } from '../../store/recovery/merge-rows';
import { askFirst } from '../../store/recovery/recover';
import { readCopyRows } from '../../store/recovery/salvage';
import { CommandError } from '../command-error';
import type { CopyKeeper } from './copy-keeper';
import { buildExport, isMachineSetting } from './export-document';
import { exportRows, parseExport } from './import-document';
import type { StorageStatus } from './storage-status';

export interface DataActionDeps {
  dataDir: string;
  version: string;
  clock: Clock;
  logger: Logger;
  nativeBinding?: string;
  store: () => OpenedDatabase;
  keeper: () => CopyKeeper;
  status: () => StorageStatus;
  /** The user has read the notice of a recovered start. */
  dismissNotice: () => Promise<void>;
  /** Rows were brought in: recount, tell the window, sync soon. */
  imported: () => void;
}

/** The rows of a copy `data.backups` lists; any other file is refused. */
function copyRows(d: DataActionDeps, file: string): Rows {
  const copy = d
    .keeper()
    .list()
    .find((c) => resolve(c.file) === resolve(file));
  if (copy === undefined)
    throw new CommandError(
      'not_found',
      `${file} is not one of the copies in the data folder's backups/ (outpost backups lists them); an export is brought back by its text.`,
    );
  try {
    return readCopyRows(copy.file, d.nativeBinding);
  } catch (error) {
    throw new CommandError('invalid_payload', `The copy ${copy.file} cannot be read: ${String(error)}`);
  }
}

export interface DataActions {
  status(): Promise<DataStatus>;
  dismissNotice(): Promise<DataStatus>;
  backup(): Promise<BackupView>;
  backups(): BackupView[];
  /** The export's file name, its text, and how many posts it holds. */
  exportAll(): Promise<{ fileName: string; document: string; posts: number }>;
  bringBack(payload: { document: string } | { copy: string }): Promise<ImportReport>;
}

export function dataActions(d: DataActionDeps): DataActions {
  const view = (copy: CopyFile): BackupView =>
    d
      .keeper()
      .list()
      .find((c) => c.file === copy.file) ?? { ...copy, posts: null };
  return {
    status: () => d.status().status(),
    dismissNotice: async () => {
      await d.dismissNotice();
      d.status().announce();
      return d.status().status();
    },
    backup: async () => view(await d.keeper().make('manual')),
    backups: () => d.keeper().list(),
    exportAll: async () => {
      const now = d.clock.now();
      const store = d.store();
      // A copy in memory (a folder that cannot be written, a full disk) never changes: it is read
      // as it is. The file is read from a snapshot, so the core's writes go on meanwhile.
      if (store.inMemory) return exportOf(store.sqlite, now, d.version);
      const work = mkdtempSync(join(d.dataDir, '.export-'));
      try {
        const file = join(work, 'snapshot.db');
        await snapshotTo(store.sqlite, file, d.nativeBinding);
        const db = new BetterSqlite3(file, {
          readonly: true,
          ...(d.nativeBinding ? { nativeBinding: d.nativeBinding } : {}),
        });
        try {
          return await exportOf(db, now, d.version);
        } finally {
          db.close();
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    bringBack: async (payload) => {
      const rows =
        'document' in payload ? exportRows(parseExport(payload.document)) : copyRows(d, payload.copy);
      // What belongs to the moment of the machine it came from (a sync lease, a notice) stays there.
      rows.setting = (rows.setting ?? []).filter((s) => !isMachineSetting(String(s.key)));
      // A change waiting in it may have gone out since, from the machine it was made on.
      rows.outbox_op = askFirst(rows.outbox_op ?? [], MAY_HAVE_GONE_OUT.imported);
      // The folder as it was, first: an import can be taken back by putting this copy back.
      const before = await d.keeper().make('restore');
      const store = d.store();
      const now = d.clock.now().toISOString();
      const counts = await store.db
        .connection()
        .execute(() =>
          Promise.resolve(mergeRows(store.sqlite, rows, { prefer: 'never', now, strayTitle: STRAY_TITLE })),
        );
      d.logger.info('brought an export back', { ...counts });
      d.imported();
      const report: ImportReport = {
        posts: counts.posts,
        variants: counts.variants,
        textVersions: counts.textVersions,
        ops: counts.ops,
        slots: counts.slots,
        skipped: counts.skipped,
        copyBefore: before.file,
        text: importText(counts),
      };
      return report;
    },
  };
}

async function exportOf(db: BetterSqlite3.Database, now: Date, app: string) {
  const doc = await buildExport(db, { exportedAt: now.toISOString(), app });
  return {
    fileName: `outpost-export-${now.toISOString().slice(0, 10)}.json`,
    document: `${JSON.stringify(doc, null, 1)}\n`,
    posts: doc.posts.length,
  };
}
