// What Outpost says about its data folder: a start that recovered a damaged database, a disk
// that is full, a folder it cannot write or that is gone, a sync stopped for it, a copy made or
// an export brought back.
import type { DataNotice, DataProblemKind, ImportReport } from '../bridge';

/** What a start that found the database damaged did, as its notice tells it. */
export interface RecoveredStart {
  at: string;
  /** SQLite's words for what was wrong. */
  cause: string;
  /** Where the damaged file was put. */
  damagedFile: string;
  /** The copy put in its place, or null when there was none that could be read. */
  restoredFrom: { at: string } | null;
  /** Tables of which some rows could not be read. */
  unreadable: readonly string[];
  nothingRead: boolean;
  /** What the rows read from the damaged file added to the copy. */
  merged: { posts: number; variants: number; textVersions: number; ops: number; strays: number } | null;
}

/**
 * Why a change put back from a copy or brought back from an export waits: it may have gone out
 * since the copy was made, so the service is asked first.
 */
export const MAY_HAVE_GONE_OUT = {
  recovered:
    'Put back from a copy made before this change may have gone out: Outpost first asks the service whether it arrived, and never sends it twice.',
  imported:
    'Brought back from a copy or an export made before this change may have gone out: Outpost first asks the service whether it arrived, and never sends it twice.',
};

/** What the editor says beside a text the full disk keeps from being saved. */
export const DISK_FULL_WORDS = 'Your disk is full: this text is kept here and saved once there is room.';

const count = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The quit's question when the window still holds texts it could not save; the first button keeps the app open. */
export function quitWithTextsNotSaved(notSaved: number): {
  message: string;
  detail: string;
  buttons: [string, string];
} {
  const one = notSaved === 1;
  const [they, them] = one ? ['it is', 'it'] : ['they are', 'them'];
  return {
    message: `${count(notSaved, 'text')} you typed ${one ? 'is' : 'are'} not saved`,
    detail:
      `Outpost could not save ${them}: the editor says why beside each (a full disk, say). ` +
      `If you quit now, ${they} lost. Keep Outpost open to make room, or copy ${them} somewhere safe.`,
    buttons: ["Don't Quit", 'Quit Anyway'],
  };
}

/** The words of the counts that are not 0. */
function named(counts: ReadonlyArray<readonly [number, string]>): string[] {
  return counts.filter(([n]) => n !== 0).map(([, words]) => words);
}

/** "a, b and c". */
function inWords(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** "28 Nov 2026, 10:00 UTC": a copy's time, the same on every machine. */
export function copyTime(iso: string): string {
  const d = new Date(iso);
  const month = d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/** The notice of a start that found the database damaged: what happened, what came back, what may be missing. */
export function recoveryNotice(report: RecoveredStart, thisStart: boolean): DataNotice {
  const merged = report.merged;
  const lines: string[] = [];
  if (report.restoredFrom !== null)
    lines.push(`Outpost put back its copy of ${copyTime(report.restoredFrom.at)}.`);
  else
    lines.push(
      report.nothingRead
        ? 'There was no copy to put back, and nothing could be read from the damaged file: Outpost starts empty beside it.'
        : 'There was no copy to put back: Outpost starts from what could be read from the damaged file.',
    );
  const brought =
    merged === null
      ? []
      : named([
          [merged.posts, count(merged.posts, 'post')],
          [merged.variants, count(merged.variants, 'text')],
          [merged.textVersions, count(merged.textVersions, 'kept version')],
          [merged.ops, `${count(merged.ops, 'change')} waiting to go`],
        ]);
  // Only what came back is named; "newer than the copy" only where a copy was put back.
  if (brought.length > 0)
    lines.push(
      `From the damaged file it brought back ${inWords(brought)}${report.restoredFrom !== null ? ', newer than the copy' : ''}.`,
    );
  if (merged !== null && merged.strays > 0)
    lines.push(
      `${count(merged.strays, 'text')} whose post could not be read ${merged.strays === 1 ? 'is' : 'are'} in a post named "Recovered texts".`,
    );
  if (report.unreadable.length > 0 || report.nothingRead)
    lines.push(
      'Some of the damaged file could not be read: changes made since the copy may be missing. ' +
        'The next sync reads again everything the service holds.',
    );
  else
    lines.push('Everything in the damaged file could be read. The next sync checks it against the service.');
  lines.push(`The damaged file was kept as it was: ${report.damagedFile}`);
  return {
    kind: 'recovered',
    at: report.at,
    title: `Outpost found its database damaged (${report.cause}) and repaired it.`,
    lines,
    damagedFile: report.damagedFile,
    thisStart,
  };
}

/** The sentence the window and the CLI show while the folder cannot take changes. */
export function problemText(kind: DataProblemKind, dataDir: string): string {
  switch (kind) {
    case 'disk_full':
      return 'Your disk is full: what you type is kept here and saved once there is room. Free some space; Outpost carries on by itself.';
    case 'read_only':
      return `Outpost cannot write to its data folder (${dataDir}): it is read-only. You can read everything; changes are not saved until the folder can be written.`;
    case 'locked':
      return `Another program holds Outpost's database (${dataDir}) and will not let go: changes wait until it does. Close the program that has it open (a sync or backup tool, another copy of Outpost).`;
    case 'folder_gone':
      return `Outpost's data folder (${dataDir}) is no longer there: a network drive disconnected, or the folder was moved. What you type is kept here and saved once the folder is back.`;
    case 'core_restarting':
      return 'Outpost’s background work stopped unexpectedly and is starting again. What you type stays in the window and is saved as soon as it is back.';
  }
}

/** What a command that could not save answers, by the kind of problem. */
export function saveRefusal(kind: DataProblemKind, dataDir: string): string {
  if (kind === 'disk_full')
    return 'Your disk is full: this change is not saved yet. Free some space and it is saved.';
  return problemText(kind, dataDir);
}

/**
 * The command line's words for a change a full disk kept from being saved: unlike the window,
 * it keeps nothing to save later, so the person runs the command again.
 */
export const CLI_DISK_FULL =
  'Your disk is full: this change was not saved. Free some space, then run the command again.';

/** The command line's words, at its start, for a disk already full: reading works, saving not. */
export const CLI_DISK_FULL_AT_START =
  'Your disk is full: everything can be read, but no change is saved until there is room. Free some space.';

/** Why a folder problem stopped the sync (the status bar's last error). */
export type SyncStopCause = DataProblemKind | 'damaged' | 'io';

/** What the status bar says of a sync that stopped because the folder could not take a write. */
export function syncStoppedWords(cause: SyncStopCause): string {
  if (cause === 'disk_full')
    return 'Your disk is full: sync stopped before sending more. Once there is room, Outpost first asks the service what it got, and never sends anything twice.';
  if (cause === 'damaged')
    return 'The database file is damaged: sync stopped. Outpost repairs it at its next start.';
  return 'Outpost could not write to its data folder: sync stopped before sending more, and goes on once it can.';
}

/** One sentence for what bringing an export (or a copy) back added. */
export function importText(c: Omit<ImportReport, 'copyBefore' | 'text'>): string {
  if (c.posts + c.variants + c.textVersions + c.ops + c.slots === 0)
    return 'Nothing new: everything in the export is here already.';
  const brought = named([
    [c.posts, count(c.posts, 'post')],
    [c.variants, count(c.variants, 'text')],
    [c.textVersions, count(c.textVersions, 'kept version')],
    [c.ops, `${count(c.ops, 'change')} waiting to go`],
    [c.slots, count(c.slots, 'posting time')],
  ]);
  return (
    `Brought back ${inWords(brought)}` +
    (c.skipped > 0 ? `; ${count(c.skipped, 'row')} already here or without their item were left out.` : '.')
  );
}

/** Why `outpost export --out FILE` wrote nothing; never the name of its temporary file. */
export const EXPORT_OUT = {
  isFolder: (path: string): string =>
    `${path} is a folder: give the name of a file to write, inside it or elsewhere.`,
  noFolder: (folder: string): string => `The folder ${folder} does not exist.`,
  notAFolder: (folder: string): string => `${folder} is not a folder.`,
  linkToNothing: (path: string): string => `${path} is a link to a file that does not exist.`,
  notAllowed: (path: string): string => `Outpost may not write ${path}: its folder does not allow it.`,
  readOnly: (path: string): string => `${path} is on a read-only disk.`,
  diskFull: (path: string): string =>
    `There is not enough room on the disk for ${path}; nothing was written.`,
  failed: (path: string, code: string): string =>
    `${path} could not be written (${code}); nothing was written.`,
  stdoutWithJson:
    '--out - writes the export itself to standard output, which is one JSON document already: leave out --json.',
};
