// Keys typed while the field they are meant for is not on screen yet (another post still
// loading, another variant's text still mounting): kept in order, kept from whatever element
// has the focus meanwhile, and typed into that field once it is on screen. The person moving
// on ends the wait: a click anywhere, or the caret moved to another control (the next row of
// the list, by the keyboard). The keys after that are that control's own (Enter opens that
// row); the keys held until then stay for the field they were typed for, which then takes
// them without taking the caret back from where the person went.

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

/** A text and its caret: the selection from `start` to `end` (equal: no selection). */
export interface TextAtCaret {
  value: string;
  start: number;
  end: number;
}

/**
 * The keys applied to a text at its caret, as they would have been typed there. `multiline`: a
 * text area, which takes Enter as a new line.
 */
export function keysAtCaret(at: TextAtCaret, keys: readonly HeldKey[], multiline: boolean): TextAtCaret {
  let { value, start, end } = at;
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
  return { value, start, end };
}

/** The keys applied to a text with the caret after it: for a field that never took the caret (its post was left while it loaded). */
export function applyKeys(text: string, keys: readonly HeldKey[], multiline: boolean): string {
  return keysAtCaret({ value: text, start: text.length, end: text.length }, keys, multiline).value;
}

/** Types the keys into the field at its caret, as the keys themselves would have, then says so (`input`). */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, keys: readonly HeldKey[]): void {
  // A text that cannot be changed (published, say) takes no keys, as it would not have taken them typed.
  if (keys.length === 0 || field.readOnly || field.disabled) return;
  const start = field.selectionStart ?? field.value.length;
  const typed = keysAtCaret(
    { value: field.value, start, end: field.selectionEnd ?? start },
    keys,
    field instanceof HTMLTextAreaElement,
  );
  field.value = typed.value;
  field.setSelectionRange(typed.start, typed.end);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export class HeldKeys {
  #keys: HeldKey[] = [];
  #release: (() => void) | null = null;
  #movedOn = false;
  readonly #counted: (count: number) => void;

  /** `counted` is told how many keys are held whenever that changes (they are not saved yet). */
  constructor(counted: (count: number) => void = () => undefined) {
    this.#counted = counted;
  }

  /** Holds every key typed in the window from now until `release`, a click, or the caret moved elsewhere. */
  hold(): void {
    this.release();
    // Where the caret was when the wait began (the row opened, the text left), or nowhere.
    const holder = document.activeElement;
    const elsewhere = (at: Element | null): boolean => at !== null && at !== holder && at !== document.body;
    const onKey = (event: KeyboardEvent): void => {
      if (elsewhere(document.activeElement)) return void this.#moveOn();
      const key = heldKeyOf(event);
      if (!key) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      this.#keys.push(key);
      this.#counted(this.#keys.length);
    };
    const onFocus = (event: FocusEvent): void => {
      if (elsewhere(event.target instanceof Element ? event.target : null)) this.#moveOn();
    };
    const onPointer = (): void => this.#moveOn();
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('focusin', onFocus, true);
    window.addEventListener('pointerdown', onPointer, true);
    this.#release = () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('focusin', onFocus, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }

  /**
   * Whether the person moved on while the keys were held (a click, the caret taken to another
   * control): the field they were for takes them, but not the caret. Until `release`.
   */
  get movedOn(): boolean {
    return this.#movedOn;
  }

  /** Stops holding; answers the keys held, oldest first. */
  release(): HeldKey[] {
    this.#stop();
    this.#movedOn = false;
    const keys = this.#keys.splice(0);
    if (keys.length > 0) this.#counted(0);
    return keys;
  }

  /** Takes no more keys; those held so far stay until released. */
  #moveOn(): void {
    this.#movedOn = true;
    this.#stop();
  }

  #stop(): void {
    this.#release?.();
    this.#release = null;
  }
}
