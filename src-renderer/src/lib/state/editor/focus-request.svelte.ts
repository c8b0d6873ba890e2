// Who should have the caret next in the editor. Whoever wants it (the window after "New post",
// the editor after "Add variant", the Schedule shortcut) asks here; the field named takes it
// when it is on screen, whether it was there already or mounts later, and focuses itself.
// Nobody reaches for an element by its id. Keys typed before that field is on screen are held
// and typed into it when it comes; if the person moved on meanwhile (a click, another control
// reached by the keyboard), it takes the keys but not the caret (held-keys.ts).
import { untrack } from 'svelte';
import type { Attachment } from 'svelte/attachments';
import { HeldKeys, typeInto, type HeldKey } from './held-keys';

/**
 * A field that can be asked for. `schedule` is the Schedule shortcut: the time field when no
 * time is set, else Schedule itself (or, when it cannot be used yet, the reason why).
 */
export type FocusTarget = 'title' | 'content' | 'schedule';

export interface FocusRequest {
  target: FocusTarget;
  /** The variant whose field it is; null for the post's own or the variant being added. */
  variantId: string | null;
  /** Where the caret goes in a text field (typing carried on from another field); 'end': after its text. */
  selection?: { start: number; end: number } | 'end';
}

type Field = HTMLInputElement | HTMLTextAreaElement;

export class FocusRequests {
  current = $state.raw<FocusRequest | null>(null);
  /** How many keys are held for a field not on screen yet: typed, and not in any text so far. */
  keysHeld = $state(0);
  readonly #keys = new HeldKeys((count) => (this.keysHeld = count));
  /** The field asked for by name that has the caret now, if one does. */
  #caretIn: { target: FocusTarget; variantId: string | null; field: Field } | null = null;

  /** A newer request replaces an older one. */
  request(target: FocusTarget, variantId: string | null = null, selection?: FocusRequest['selection']): void {
    this.current = { target, variantId, ...(selection ? { selection } : {}) };
  }

  /**
   * The keys typed from now on are for the field asked for next (what it belongs to is still
   * loading): held until it takes the caret.
   */
  holdKeys(): void {
    this.#keys.hold();
  }

  /**
   * The editor now shows something else: a field mounting later must not take the caret unasked.
   * Answers the keys held for the field that was asked for (its owner types them in its text).
   */
  drop(): HeldKey[] {
    this.current = null;
    return this.#keys.release();
  }

  /** Whether this field has the caret (someone is typing in it). */
  caretIn(target: FocusTarget, variantId: string | null = null): boolean {
    const field = this.#caretIn;
    return (
      field !== null &&
      field.target === target &&
      field.variantId === variantId &&
      field.field === document.activeElement
    );
  }

  /**
   * The request, if it is for this field; it is then done. Read inside an effect, so a field
   * already on screen answers a request made later.
   */
  take(target: FocusTarget, variantId: string | null = null): FocusRequest | null {
    const request = this.current;
    if (!request || request.target !== target || request.variantId !== variantId) return null;
    this.current = null;
    return request;
  }

  /** For a field that only needs the caret: `{@attach focus.here('title')}`. */
  here(target: FocusTarget, variantId: string | null = null): Attachment<Field> {
    return (field) => {
      const noteCaret = (): void => {
        this.#caretIn = { target, variantId, field };
      };
      field.addEventListener('focus', noteCaret);
      const request = this.take(target, variantId);
      if (request) {
        // Keys held for this field come in all the same; the caret stays where the person went.
        if (!this.#keys.movedOn) field.focus();
        const at =
          request.selection === 'end'
            ? { start: field.value.length, end: field.value.length }
            : request.selection;
        if (at) field.setSelectionRange(at.start, at.end);
        // Their `input` reaches the field's own handler, whose state this effect must not follow.
        untrack(() => typeInto(field, this.#keys.release()));
      }
      if (document.activeElement === field) noteCaret();
      return () => field.removeEventListener('focus', noteCaret);
    };
  }
}
