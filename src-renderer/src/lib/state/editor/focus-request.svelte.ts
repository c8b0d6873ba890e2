// Who should have the caret next in the editor. Whoever wants it (the window after "New post",
// the editor after "Add variant", the Schedule shortcut) asks here; the field named takes it
// when it is on screen, whether it was there already or mounts later, and focuses itself.
// Nobody reaches for an element by its id.
import type { Attachment } from 'svelte/attachments';

/**
 * A field that can be asked for. `schedule` is the Schedule shortcut: the time field when no
 * time is set, else Schedule itself (or, when it cannot be used yet, the reason why).
 */
export type FocusTarget = 'title' | 'content' | 'schedule';

export interface FocusRequest {
  target: FocusTarget;
  /** The variant whose field it is; null for the post's own or the variant being added. */
  variantId: string | null;
  /** Where the caret goes in a text field (typing carried on from another field). */
  selection?: { start: number; end: number };
}

export class FocusRequests {
  current = $state.raw<FocusRequest | null>(null);

  /** A newer request replaces an older one. */
  request(target: FocusTarget, variantId: string | null = null, selection?: FocusRequest['selection']): void {
    this.current = { target, variantId, ...(selection ? { selection } : {}) };
  }

  /** The editor now shows something else: a field mounting later must not take the caret unasked. */
  drop(): void {
    this.current = null;
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
  here(
    target: FocusTarget,
    variantId: string | null = null,
  ): Attachment<HTMLInputElement | HTMLTextAreaElement> {
    return (field) => {
      const request = this.take(target, variantId);
      if (!request) return;
      field.focus();
      if (request.selection) field.setSelectionRange(request.selection.start, request.selection.end);
    };
  }
}
