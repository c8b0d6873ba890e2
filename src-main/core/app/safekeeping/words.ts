// What Outpost says about its data folder: a start that recovered a damaged database, a disk
// that is full, a folder it cannot write, a copy or an import made.
import type { DataNotice, DataProblemKind } from '@preload/bridge';
import type { RecoveryReport } from '../../store/recovery/recover';

const count = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "28 Nov 2026, 10:00 UTC": a copy's time, the same on every machine. */
export function copyTime(iso: string): string {
  const d = new Date(iso);
  const month = d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/** The notice of a start that found the database damaged: what happened, what came back, what may be missing. */
export function recoveryNotice(report: RecoveryReport, thisStart: boolean): DataNotice {
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
  if (merged !== null && merged.posts + merged.variants + merged.textVersions + merged.ops > 0)
    lines.push(
      `From the damaged file it brought back ${count(merged.posts, 'post')}, ${count(merged.variants, 'text')}, ` +
        `${count(merged.textVersions, 'kept version')} and ${count(merged.ops, 'change')} waiting to go, newer than the copy.`,
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
  }
}

/** What a command that could not save answers, by the kind of problem. */
export function saveRefusal(kind: DataProblemKind, dataDir: string): string {
  if (kind === 'disk_full')
    return 'Your disk is full: this change is not saved yet. Free some space and it is saved.';
  return problemText(kind, dataDir);
}
