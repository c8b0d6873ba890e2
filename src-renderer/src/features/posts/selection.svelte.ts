// The posts picked in the list for a bulk action, by id: the list is virtualised (a row's
// element comes and goes as it scrolls) and filtered (what is shown changes), so a row element
// never holds the selection. Shift extends from the last row toggled, as in a file manager.
import { SvelteSet } from 'svelte/reactivity';

export class ListSelection {
  readonly #ids = new SvelteSet<string>();
  /** The row a Shift-click or Shift+Space extends from: the last one toggled. */
  #anchor: string | null = null;

  get count(): number {
    return this.#ids.size;
  }

  has(id: string): boolean {
    return this.#ids.has(id);
  }

  toggle(id: string): void {
    if (this.#ids.has(id)) this.#ids.delete(id);
    else this.#ids.add(id);
    this.#anchor = id;
  }

  /**
   * Selects every row from the anchor to `id`, both included, in the order shown. Without an
   * anchor still shown, it toggles `id` alone.
   */
  extendTo(id: string, shown: readonly string[]): void {
    const from = this.#anchor === null ? -1 : shown.indexOf(this.#anchor);
    const to = shown.indexOf(id);
    if (from === -1 || to === -1) return this.toggle(id);
    const [first, last] = from <= to ? [from, to] : [to, from];
    for (const rowId of shown.slice(first, last + 1)) this.#ids.add(rowId);
  }

  selectAll(shown: readonly string[]): void {
    for (const id of shown) this.#ids.add(id);
  }

  clear(): void {
    this.#ids.clear();
    this.#anchor = null;
  }

  /** Forgets what is no longer shown (deleted, hidden, filtered out): an action acts on what is seen. */
  retain(shown: readonly string[]): void {
    if (this.#ids.size === 0) return;
    // A lookup for this call, not state: thousands of rows are checked against it.
    const kept = new Set(shown); // eslint-disable-line svelte/prefer-svelte-reactivity
    for (const id of [...this.#ids]) if (!kept.has(id)) this.#ids.delete(id);
    if (this.#anchor !== null && !kept.has(this.#anchor)) this.#anchor = null;
  }

  /** The selected ids in the order shown. */
  inOrder(shown: readonly string[]): string[] {
    return shown.filter((id) => this.#ids.has(id));
  }
}
