// A version when typing pauses: each saved edit of a text sets that text's timer again, and a
// text left alone for the pause is kept as a version. Measured here, from the edits' own times,
// not in a window that may be gone: the CLI, the browser and the desktop app keep versions alike.
// Per keystroke this costs a timer reset, never a statement.
import type { Cancel, Scheduler } from '../ports';
import type { TextOf } from './versions';

export interface TypingPausesOptions {
  scheduler: Scheduler;
  pauseMs: number;
  /** Keeps the text as it is now as a version; must not throw. */
  keep: (of: TextOf) => Promise<void>;
}

export class TypingPauses {
  readonly #waiting = new Map<string, { of: TextOf; cancel: Cancel }>();
  readonly #options: TypingPausesOptions;

  constructor(options: TypingPausesOptions) {
    this.#options = options;
  }

  /** An edit of this text was saved: it is kept as a version once the typing pauses. */
  edited(of: TextOf): void {
    const key = of.variantId ?? `title ${of.postId}`;
    this.#waiting.get(key)?.cancel();
    const cancel = this.#options.scheduler.after(this.#options.pauseMs, () => {
      this.#waiting.delete(key);
      void this.#options.keep(of);
    });
    this.#waiting.set(key, { of, cancel });
  }

  /** Keeps every text still waiting for its pause, now (before the core closes). */
  async flush(): Promise<void> {
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const { of, cancel } of waiting) {
      cancel();
      await this.#options.keep(of);
    }
  }
}
