// Keyboard shortcuts, shown in tooltips (`title`) and announced with `aria-keyshortcuts`.
// Alt-based chords avoid the ones a browser keeps for itself (Ctrl+N, Ctrl+Tab...), so the
// same keys work in the desktop window and in the browser host.

export type ShortcutAction =
  'newPost' | 'search' | 'nextVariant' | 'previousVariant' | 'schedule' | 'sync' | 'undo';

export interface Shortcut {
  action: ShortcutAction;
  /** The `aria-keyshortcuts` value. */
  keys: string;
  /** How it is shown to people. */
  label: string;
  code: string;
  alt: boolean;
  ctrl: boolean;
}

export const SHORTCUTS: Record<ShortcutAction, Shortcut> = {
  newPost: { action: 'newPost', keys: 'Alt+N', label: 'Alt+N', code: 'KeyN', alt: true, ctrl: false },
  search: { action: 'search', keys: 'Control+K', label: 'Ctrl+K', code: 'KeyK', alt: false, ctrl: true },
  nextVariant: {
    action: 'nextVariant',
    keys: 'Alt+]',
    label: 'Alt+]',
    code: 'BracketRight',
    alt: true,
    ctrl: false,
  },
  previousVariant: {
    action: 'previousVariant',
    keys: 'Alt+[',
    label: 'Alt+[',
    code: 'BracketLeft',
    alt: true,
    ctrl: false,
  },
  schedule: { action: 'schedule', keys: 'Alt+S', label: 'Alt+S', code: 'KeyS', alt: true, ctrl: false },
  sync: { action: 'sync', keys: 'Alt+R', label: 'Alt+R', code: 'KeyR', alt: true, ctrl: false },
  // Only outside a text field, where the field's own undo goes first (see keepsOwnUndo).
  undo: {
    action: 'undo',
    keys: 'Control+Z Meta+Z',
    label: 'Ctrl+Z',
    code: 'KeyZ',
    alt: false,
    ctrl: true,
  },
};

/** The action a key press means, if any. */
export function shortcutFor(event: {
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): ShortcutAction | null {
  if (event.shiftKey) return null;
  // Cmd on macOS stands in for Ctrl.
  const ctrl = event.ctrlKey || event.metaKey;
  for (const s of Object.values(SHORTCUTS)) {
    if (s.code === event.code && s.alt === event.altKey && s.ctrl === ctrl) return s.action;
  }
  return null;
}

/** "New post (Alt+N)": the tooltip text of a control with a shortcut. */
export function withShortcut(label: string, action: ShortcutAction): string {
  return `${label} (${SHORTCUTS[action].label})`;
}

/** A text field (or a choice) the keyboard is in: Ctrl+Z there is the field's own undo. */
export function keepsOwnUndo(target: EventTarget | null): boolean {
  const element = target as Partial<Pick<HTMLElement, 'closest' | 'isContentEditable'>> | null;
  if (typeof element?.closest !== 'function') return false;
  return element.isContentEditable === true || element.closest('input, textarea, select') !== null;
}

/** "?" outside a text field opens the shortcut sheet. */
export function asksForShortcutSheet(event: KeyboardEvent): boolean {
  return (
    event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !keepsOwnUndo(event.target)
  );
}

export interface ShortcutGroup {
  where: string;
  keys: Array<{ keys: string; does: string }>;
}

/** Everything the keyboard does, as the sheet lists it: the shortcuts above, then the keys of each view. */
export const SHORTCUT_SHEET: ShortcutGroup[] = [
  {
    where: 'Anywhere',
    keys: [
      { keys: SHORTCUTS.newPost.label, does: 'New post' },
      { keys: SHORTCUTS.search.label, does: 'Search posts' },
      { keys: SHORTCUTS.sync.label, does: 'Sync now' },
      { keys: SHORTCUTS.undo.label, does: 'Undo the last change (outside a text field)' },
      { keys: '?', does: 'This list (outside a text field)' },
    ],
  },
  {
    where: 'Editor',
    keys: [
      { keys: SHORTCUTS.schedule.label, does: 'Schedule: the caret goes to the time' },
      { keys: SHORTCUTS.nextVariant.label, does: 'Next variant' },
      { keys: SHORTCUTS.previousVariant.label, does: 'Previous variant' },
      { keys: 'Left / Right in the time', does: 'The day, month, year, hour or minute before or after' },
      { keys: 'Up / Down in the time', does: 'One more or one less; digits type it' },
    ],
  },
  {
    where: 'Post list',
    keys: [
      { keys: 'Enter', does: 'Open the post, the caret in its text' },
      { keys: 'Space', does: 'Pick the post; Shift+Space picks every post up to it' },
      { keys: 'Escape', does: 'Clear the selection' },
    ],
  },
  {
    where: 'Calendar',
    keys: [
      { keys: 'Arrow keys', does: 'Move a focused chip: an hour or a day (a week in the month)' },
      { keys: 'Alt+arrow keys', does: 'A week in the week view, an hour in the month' },
      { keys: 'Enter / Escape', does: 'Confirm or cancel the move' },
      { keys: 'Enter on an empty hour or day', does: 'Start a post planned there' },
    ],
  },
];
