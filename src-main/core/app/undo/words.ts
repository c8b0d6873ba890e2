// The words of undo: what an entry says it did, and why an item could not be put back. Times
// are the machine's own zone and language, as the window shows them.
import { platformName } from '@preload/platforms';
import type { CommandError } from '../command-error';

const WHEN = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Tue 3 Mar, 14:00" (in the machine's language). */
export function formatWhen(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : WHEN.format(ms);
}

/** "‘Launch day’ (X)": which post, and which of its variants. */
export function itemName(title: string, platform: string): string {
  const shown = title.trim() === '' ? 'an untitled post' : `‘${title.trim()}’`;
  return `${shown} (${platformName(platform)})`;
}

interface TimeMove {
  postTitle: string;
  platform: string;
  before: string | null;
  after: string | null;
}

export function timeChangeLabel(moves: readonly TimeMove[]): string {
  const [one] = moves;
  if (moves.length === 1 && one) {
    const name = itemName(one.postTitle, one.platform);
    if (one.after === null) return `Unscheduled ${name}`;
    if (one.before === null) return `Scheduled ${name} for ${formatWhen(one.after)}`;
    return `Rescheduled ${name} to ${formatWhen(one.after)}`;
  }
  if (moves.every((m) => m.after === null)) return `Unscheduled ${moves.length} variants`;
  if (moves.every((m) => m.before === null)) return `Scheduled ${moves.length} variants`;
  return `Rescheduled ${moves.length} variants`;
}

/** Add to queue: "Added ‘Launch day’ (X) to the queue for Tue 3 Mar, 09:00", or how many. */
export function queueLabel(moves: readonly TimeMove[]): string {
  const [one] = moves;
  if (moves.length === 1 && one?.after)
    return `Added ${itemName(one.postTitle, one.platform)} to the queue for ${formatWhen(one.after)}`;
  return `Added ${moves.length} variants to the queue`;
}

/** Two queued variants moved up or down: their times swapped. */
export function swapLabel(a: TimeMove, b: TimeMove): string {
  return `Swapped the times of ${itemName(a.postTitle, a.platform)} and ${itemName(b.postTitle, b.platform)}`;
}

export function discardLabel(
  dropped: { content: boolean; account: boolean; time: boolean },
  name: string,
): string {
  const what = dropped.content
    ? dropped.account
      ? 'text and account'
      : 'text'
    : dropped.account
      ? 'account'
      : 'time';
  return `Discarded the unsent ${what} of ${name}`;
}

/** Why an item could not be put back, naming it. */
export function refusalReason(name: string, error: CommandError): string {
  if (error.code === 'not_found') return `${name}: it is no longer in Outpost.`;
  return `${name}: ${error.message}`;
}

export function timePassed(name: string, at: string): string {
  return `${name}: the time it had, ${formatWhen(at)}, has passed, so it would go out at once; pick a new time.`;
}
