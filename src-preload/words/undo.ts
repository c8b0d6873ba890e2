// What an undo entry says was done, and why an item of it could not be put back. Items are named
// the same way everywhere ("‘Launch day’ (X)"); times are instants, written in the reader's zone
// where the words are shown (instants.ts).
import { platformName } from '../platforms';
import { instant } from './instants';

/** "‘Launch day’", or "an untitled post". */
export function postName(title: string): string {
  return title.trim() === '' ? 'an untitled post' : `‘${title.trim()}’`;
}

/** "‘Launch day’ (X)": which post, and which of its variants. */
export function itemName(title: string, platform: string): string {
  return `${postName(title)} (${platformName(platform)})`;
}

/** One post by name, or how many. */
function posts(titles: readonly string[]): string {
  const [one] = titles;
  return titles.length === 1 && one !== undefined ? postName(one) : `${titles.length} posts`;
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
    if (one.before === null) return `Scheduled ${name} for ${instant(one.after)}`;
    return `Rescheduled ${name} to ${instant(one.after)}`;
  }
  if (moves.every((m) => m.after === null)) return `Unscheduled ${moves.length} variants`;
  if (moves.every((m) => m.before === null)) return `Scheduled ${moves.length} variants`;
  return `Rescheduled ${moves.length} variants`;
}

/** Add to queue: "Added ‘Launch day’ (X) to the queue for ⟦instant⟧", or how many. */
export function queueLabel(moves: readonly TimeMove[]): string {
  const [one] = moves;
  if (moves.length === 1 && one?.after)
    return `Added ${itemName(one.postTitle, one.platform)} to the queue for ${instant(one.after)}`;
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

export function restoredLabel(version: number, textName: string): string {
  return `Restored version ${version} of ${textName}`;
}

/** "the text of ‘Launch day’ (X)", or "the title ‘Launch day’": the text a restore names. */
export function textName(subject: { title: string; platform: string } | { title: string }): string {
  if ('platform' in subject) return `the text of ${itemName(subject.title, subject.platform)}`;
  return subject.title.trim() === ''
    ? 'the title of an untitled post'
    : `the title ‘${subject.title.trim()}’`;
}

export function deletedPostsLabel(titles: readonly string[]): string {
  return `Deleted ${posts(titles)}`;
}

export function deletedVariantsLabel(items: ReadonlyArray<{ postTitle: string; platform: string }>): string {
  const [one] = items;
  if (items.length === 1 && one)
    return `Deleted the ${platformName(one.platform)} variant of ${postName(one.postTitle)}`;
  return `Deleted ${items.length} variants`;
}

export function duplicatedLabel(titles: readonly string[]): string {
  return `Duplicated ${posts(titles)}`;
}

export function movedLabel(titles: readonly string[], workspace: string | null): string {
  return `Moved ${posts(titles)} to ${workspace === null ? 'the local drafts' : workspace}`;
}

export function hiddenLabel(titles: readonly string[], hidden: boolean): string {
  return hidden ? `Hid ${posts(titles)} here` : `Showed ${posts(titles)} again`;
}

export function copiedTextLabel(from: string, into: { postTitle: string; platform: string }): string {
  return `Copied the ${platformName(from)} text into the ${platformName(into.platform)} variant of ${postName(into.postTitle)}`;
}

/** The post made from a variant's text (published elsewhere): its post's title, marked. */
export function copyToNewPostTitle(title: string): string {
  return title.trim() === '' ? '' : `${title} (copy)`;
}

/** A copy's title: the original's, marked. */
export function copyTitle(title: string): string {
  return `${title.trim() === '' ? 'Untitled post' : title.trim()} (copy)`;
}

/** Why an item could not be put back, naming it: "‘Launch day’: it is …". */
export function namedReason(name: string, reason: string): string {
  return `${name}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
}

/** Why an item could not be put back, naming it; a missing item says so in these words. */
export function refusalReason(name: string, refusal: { code: string; message: string }): string {
  if (refusal.code === 'not_found') return `${name}: it is no longer in Outpost.`;
  return `${name}: ${refusal.message}`;
}

export function timePassed(name: string, at: string): string {
  return `${name}: the time it had, ${instant(at)}, has passed, so it would go out at once; pick a new time.`;
}

/** An undo refused because the item holds something else than the change left. */
export function changedSinceUndo(name: string, what: 'the discard' | 'the restore'): string {
  return `${name}: it has changed since ${what}; what it holds now is kept.`;
}
