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
