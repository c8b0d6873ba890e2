// The new posts whose title is still being typed in the window. The service keeps the title a
// post is created with (it has no rename), so such a post's create waits until the title is
// settled: the window says so when the person leaves the field, presses Enter, opens another
// post or view, or closes the window; a quiet spell without a change settles it too.
// Kept in memory only, on purpose: after a restart (a crash while typing, say) no title is
// being typed any more, so every post held here goes with the next sync. The title saves under
// way are kept here too: a drop of an empty new post waits for those sent before it.
import type { Cancel, Scheduler } from '../../ports';

/**
 * How long a title being typed may rest before it counts as finished (the person stopped with
 * the caret in it, or walked away). Far longer than a pause to think mid-title (seconds), short
 * enough that the post still reaches the service within a minute or so.
 */
export const TITLE_QUIET_MS = 45_000;

export interface TitlesTypedDeps {
  scheduler: Scheduler;
  quietMs: number;
  /** A hold ended (settled, or its quiet spell passed): the create may go now. */
  ended: (postId: string) => void;
}

export class TitlesTyped {
  /** Each post held, with the cancel of its quiet spell's timer. */
  readonly #held = new Map<string, Cancel>();
  /** Each post's title saves under way. */
  readonly #saving = new Map<string, Set<Promise<unknown>>>();

  constructor(private readonly deps: TitlesTypedDeps) {}

  /** A change of the post's title typed in the window: its create waits, the quiet spell from now. */
  typed(postId: string): void {
    this.#held.get(postId)?.();
    this.#held.set(
      postId,
      this.deps.scheduler.after(this.deps.quietMs, () => this.settled(postId)),
    );
  }

  /** The title is finished: answers whether the post was held (it is not any more). */
  settled(postId: string): boolean {
    if (!this.forget(postId)) return false;
    this.deps.ended(postId);
    return true;
  }

  /** Drops a post without a word (one already on the service: it has no create to hold). */
  forget(postId: string): boolean {
    const cancel = this.#held.get(postId);
    if (cancel === undefined) return false;
    cancel();
    this.#held.delete(postId);
    return true;
  }

  /** Whether the post's title is still being typed: its create waits. */
  has(postId: string): boolean {
    return this.#held.has(postId);
  }

  /** A title save of the post, under way until it settles; answers it. Call before anything is awaited. */
  saving<T>(postId: string, save: Promise<T>): Promise<T> {
    const under = this.#saving.get(postId) ?? new Set<Promise<unknown>>();
    this.#saving.set(postId, under);
    const done = save.then(
      () => undefined,
      () => undefined,
    );
    under.add(done);
    void done.then(() => {
      under.delete(done);
      if (under.size === 0 && this.#saving.get(postId) === under) this.#saving.delete(postId);
    });
    return save;
  }

  /** Resolves once every title save of the post under way now has settled (however it went). */
  async saved(postId: string): Promise<void> {
    await Promise.all([...(this.#saving.get(postId) ?? [])]);
  }

  /** The core closes: no timer is left behind. */
  close(): void {
    for (const cancel of this.#held.values()) cancel();
    this.#held.clear();
  }
}
