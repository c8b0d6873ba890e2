// The bridge's part about the data folder itself: the copies Outpost keeps of the database, the
// export of everything into one file and bringing one back, and what the window must say about
// the folder (a start that recovered a damaged database, a full disk, a folder it cannot write).

/** Why a copy was made: at start or every few hours, before an upgrade, when asked, before a restore. */
export type BackupKind = 'auto' | 'upgrade' | 'manual' | 'restore';

/** A copy of the database in the data folder's `backups/`. */
export interface BackupView {
  file: string;
  kind: BackupKind;
  /** When it was made (ISO). */
  at: string;
  bytes: number;
  /** Posts in it; null when the copy cannot be read. */
  posts: number | null;
}

/** Something the user should read once about the folder, kept until dismissed. */
export interface DataNotice {
  kind: 'recovered';
  at: string;
  /** One line: what happened. */
  title: string;
  /** The plain words: what was recovered, what may be missing, where the damaged file is. */
  lines: string[];
  /** Where the damaged file was put. */
  damagedFile: string | null;
  /** It happened at this process's start (the CLI prints it then, once). */
  thisStart: boolean;
}

/**
 * Why the folder cannot take changes now, while it lasts: the disk is full, the folder or its
 * database cannot be written, another program holds the database, the folder is gone, or the
 * core that keeps it stopped and is starting again (said by the host, not the core).
 */
export type DataProblemKind = 'disk_full' | 'read_only' | 'locked' | 'folder_gone' | 'core_restarting';

export interface DataProblem {
  kind: DataProblemKind;
  text: string;
}

export interface DataStatus {
  dataDir: string;
  notice: DataNotice | null;
  problem: DataProblem | null;
}

/** What bringing an export (or a copy) back did. */
export interface ImportReport {
  posts: number;
  variants: number;
  textVersions: number;
  /** Changes waiting to go, brought back with their items. */
  ops: number;
  /** Posting times (accounts' schedules and their slots). */
  slots: number;
  /** Rows left out because they were there already or their item was nowhere. */
  skipped: number;
  /** The copy made of the folder first, so the import can be taken back by hand. */
  copyBefore: string | null;
  /** One sentence for the user. */
  text: string;
}

export interface DataCommands {
  'data.status': { payload: void; result: DataStatus };
  /** The user has read the notice: it goes. */
  'data.dismissNotice': { payload: void; result: DataStatus };
  /** Makes a copy now (kept as the newest of the "made when asked" ones). */
  'data.backup': { payload: void; result: BackupView };
  /** The copies in `backups/`, newest first. */
  'data.backups': { payload: void; result: BackupView[] };
  /** Everything of the user's as one JSON document (docs/export-format.md); never the token. */
  'data.export': { payload: void; result: { fileName: string; document: string; posts: number } };
  /**
   * Brings back an export (its text) or one of the copies `data.backups` lists (its file), without
   * duplicating what is here: an item already here (by local id or service link) is left as it is.
   */
  'data.import': { payload: { document: string } | { copy: string }; result: ImportReport };
}

/** The names of these commands (a host checks a name against every feature's). */
export const DATA_COMMANDS: Record<keyof DataCommands, true> = {
  'data.status': true,
  'data.dismissNotice': true,
  'data.backup': true,
  'data.backups': true,
  'data.export': true,
  'data.import': true,
};
