// Texts the core could not save because of the disk or the folder (full, read-only, gone), or because it stopped and is starting again: kept
// here, in the window, exactly as typed, and saved again every few seconds and as soon as the
// core says the folder takes changes again. Nothing typed is dropped: a held text goes only once
// it is saved, or when a newer text of the same field takes its place.
import { DISK_FULL_WORDS } from '@preload/words/data';
import { BridgeError } from '../../bridge';

export const RETRY_HELD_MS = 5_000;

export interface HeldText {
  postId: string;
  /** null: the post's title. */
  variantId: string | null;
  text: string;
}

/**
 * Whether a save failed for the folder's or the core's sake (and so is kept and tried again), not
 * for the text's: a core that stopped and is starting again did not save it either.
 */
export function heldBack(error: unknown): boolean {
  return (
    error instanceof BridgeError &&
    (error.code === 'disk_full' || error.code === 'storage' || error.code === 'core_restarting')
  );
}

/** The words beside a held text: the window's own for a full disk, the core's for anything else. */
export function heldWords(error: unknown): string {
  return error instanceof BridgeError && error.code === 'disk_full'
    ? DISK_FULL_WORDS
    : String((error as Error).message);
}

export function heldKey(postId: string, variantId: string | null): string {
  return variantId === null ? `title:${postId}` : `content:${variantId}`;
}

export class HeldTexts {
  readonly #held = new Map<string, HeldText>();
  readonly #save: (held: HeldText) => Promise<void>;
  #timer: ReturnType<typeof setInterval> | null = null;
  #retrying: Promise<void> | null = null;

  /** `save` writes one held text through the core; it throws when it still cannot. */
  constructor(save: (held: HeldText) => Promise<void>) {
    this.#save = save;
  }

  get size(): number {
    return this.#held.size;
  }

  hold(held: HeldText): void {
    this.#held.set(heldKey(held.postId, held.variantId), held);
    this.#timer ??= setInterval(() => void this.retry(), RETRY_HELD_MS);
  }

  /** A newer text of the field takes the place of the held one (it is saved in its turn). */
  drop(postId: string, variantId: string | null): void {
    this.#held.delete(heldKey(postId, variantId));
    this.#idle();
  }

  textOf(postId: string, variantId: string | null): string | undefined {
    return this.#held.get(heldKey(postId, variantId))?.text;
  }

  /** Tries every held text again, one after another; those that still fail stay held. */
  retry(): Promise<void> {
    this.#retrying ??= this.#retryAll().finally(() => {
      this.#retrying = null;
    });
    return this.#retrying;
  }

  async #retryAll(): Promise<void> {
    for (const [key, held] of [...this.#held]) {
      try {
        await this.#save(held);
      } catch {
        continue;
      }
      // Typed again meanwhile: the newer text stays held (or is saved in its own turn).
      if (this.#held.get(key) === held) this.#held.delete(key);
    }
    this.#idle();
  }

  #idle(): void {
    if (this.#held.size > 0 || this.#timer === null) return;
    clearInterval(this.#timer);
    this.#timer = null;
  }
}
