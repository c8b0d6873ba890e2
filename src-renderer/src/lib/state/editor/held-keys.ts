// Keys typed while the field they are meant for is not on screen yet (another post still
// loading, another variant's text still mounting): kept in order, kept from whatever element
// has the focus meanwhile, and typed into that field once it takes the caret. A click anywhere
// ends the wait: the person went elsewhere. So does the caret moved to another control (the
// next row of the list, by the keyboard): its keys are its own (Enter opens that row), and the
// keys held until then stay for the field they were typed for.

export type HeldKey =
  | { kind: 'text'; text: string }
  | { kind: 'backspace' }
  | { kind: 'delete' }
  | { kind: 'newline' }
  | { kind: 'selectAll' };

/** What a key press does to a text, if it is one a held field replays; shortcuts pass as usual. */
export function heldKeyOf(event: KeyboardEvent): HeldKey | null {
  if (event.isComposing) return null;
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'a')
    return { kind: 'selectAll' };
  if (ctrl || event.altKey) return null;
  if (event.key === 'Backspace') return { kind: 'backspace' };
  if (event.key === 'Delete') return { kind: 'delete' };
  if (event.key === 'Enter') return { kind: 'newline' };
  // A printable key names its character ("a", "[", "é"); the others are named ("Tab", "Shift").
  return [...event.key].length === 1 ? { kind: 'text', text: event.key } : null;
}

/**
 * The keys applied to a text with the caret after it, as typeInto types them into a field there:
 * for a field that never took the caret (its post was left while it loaded). `multiline`: a text
 * area, which takes Enter as a new line.
 */
export function applyKeys(text: string, keys: readonly HeldKey[], multiline: boolean): string {
  let value = text;
  let start = text.length;
  let end = start;
  for (const key of keys) {
    const selected = start !== end;
    let from = start;
    let to = end;
    let insert = '';
    if (key.kind === 'selectAll') {
      [start, end] = [0, value.length];
      continue;
    } else if (key.kind === 'text') insert = key.text;
    else if (key.kind === 'newline' && multiline) insert = '\n';
    else if (key.kind === 'backspace' && (selected || start > 0)) from = selected ? start : start - 1;
    else if (key.kind === 'delete' && (selected || end < value.length)) to = selected ? end : end + 1;
    else continue;
    value = value.slice(0, from) + insert + value.slice(to);
    start = end = from + insert.length;
  }
  return value;
}

/** Types the keys into the field at its caret, as the keys themselves would have, then says so (`input`). */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, keys: readonly HeldKey[]): void {
  // A text that cannot be changed (published, say) takes no keys, as it would not have taken them typed.
  if (keys.length === 0 || field.readOnly || field.disabled) return;
  for (const key of keys) {
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    const selected = start !== end;
    if (key.kind === 'selectAll') field.select();
    else if (key.kind === 'text') field.setRangeText(key.text, start, end, 'end');
    else if (key.kind === 'newline' && field instanceof HTMLTextAreaElement)
      field.setRangeText('\n', start, end, 'end');
    else if (key.kind === 'backspace' && (selected || start > 0))
      field.setRangeText('', selected ? start : start - 1, end, 'end');
    else if (key.kind === 'delete' && (selected || end < field.value.length))
      field.setRangeText('', start, selected ? end : end + 1, 'end');
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export class HeldKeys {
  #keys: HeldKey[] = [];
  #release: (() => void) | null = null;

  /** Holds every key typed in the window from now until `release`, a click, or the caret moved elsewhere. */
  hold(): void {
    this.release();
    // Where the caret was when the wait began (the row opened, the text left), or nowhere.
    const holder = document.activeElement;
    const onKey = (event: KeyboardEvent): void => {
      const at = document.activeElement;
      if (at !== null && at !== holder && at !== document.body) return void this.#stop();
      const key = heldKeyOf(event);
      if (!key) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      this.#keys.push(key);
    };
    const onPointer = (): void => void this.release();
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    this.#release = () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }

  /** Stops holding; answers the keys held, oldest first. */
  release(): HeldKey[] {
    this.#stop();
    return this.#keys.splice(0);
  }

  /** Takes no more keys; those held so far stay until released. */
  #stop(): void {
    this.#release?.();
    this.#release = null;
  }
}
