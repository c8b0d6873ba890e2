// The words of the bulk actions and of reuse: what an undo entry says was done, and how a
// post is named in a refusal. Times and variants are named as undo/words.ts names them.
import { platformName } from '@preload/platforms';

/** "‘Launch day’", or "an untitled post". */
export function postName(title: string): string {
  return title.trim() === '' ? 'an untitled post' : `‘${title.trim()}’`;
}

/** One post by name, or how many. */
function posts(titles: readonly string[]): string {
  const [one] = titles;
  return titles.length === 1 && one !== undefined ? postName(one) : `${titles.length} posts`;
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

/** A copy's title: the original's, marked. */
export function copyTitle(title: string): string {
  return `${title.trim() === '' ? 'Untitled post' : title.trim()} (copy)`;
}

/** Why an item of an undo could not be put back, naming it: "‘Launch day’: it is …". */
export function namedReason(name: string, reason: string): string {
  return `${name}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
}
