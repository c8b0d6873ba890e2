import type { OutpostNotification } from '@preload/bridge';

/** How long an informational notification stays (paused while pointed at or focused). */
export const AUTO_DISMISS_MS = 8000;
/** At most this many at once: the newest win. */
export const MAX_NOTIFICATIONS = 3;
/** The notice history keeps this many, the newest. */
export const NOTICE_HISTORY_SIZE = 50;

/** Informational kinds go by themselves; one that needs the user stays until dismissed. */
export function autoDismissAfter(kind: string): number | null {
  return kind === 'needs_user' ? null : AUTO_DISMISS_MS;
}

/**
 * Whether a notice counts as new in the history's "Notices (N new)": what the service did or
 * what needs the person does; the window's own confirmations of what they just did ("Copied the
 * X text", with its Undo) do not.
 */
export function countsAsNew(kind: string): boolean {
  return kind !== 'undo';
}

type Said = Pick<OutpostNotification, 'title' | 'body' | 'postId' | 'variantId'> & { kind: string };

/** Whether two notices say the same about the same thing (the second replaces the first). */
export function sameNotice(a: Said, b: Said): boolean {
  return (
    a.kind === b.kind &&
    a.title === b.title &&
    a.body === b.body &&
    a.postId === b.postId &&
    a.variantId === b.variantId
  );
}

/** Adds one, keeping the newest `MAX_NOTIFICATIONS`. */
export function pushNotification<T>(list: T[], item: T, max = MAX_NOTIFICATIONS): T[] {
  return [...list, item].slice(-max);
}

/** Splits the body around the link it contains, so the link can be shortened on screen. */
export function splitAtUrl(body: string, url: string | null): { before: string; after: string } | null {
  if (!url) return null;
  const at = body.indexOf(url);
  if (at === -1) return null;
  return { before: body.slice(0, at), after: body.slice(at + url.length) };
}
