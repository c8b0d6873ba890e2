// A post being made (New post, Duplicate, Copy to a new post): its title field is on screen at once, with the caret, so
// typing never waits for the core and never lands in the post left behind. The title typed
// meanwhile goes to the new post once it exists, and its own field carries on from where the
// caret was.
import { invoke } from '../../bridge';

/** The title of a post being made, typed before the core has made it. */
export interface PendingPost {
  /** What the title field shows. */
  title: string;
  /** What it showed at first (the copy's title, say): typing is what differs from it. */
  readonly shown: string;
  /** Whether the field has the caret, and where: the post's own field carries on from there. */
  focused: boolean;
  selection: { start: number; end: number };
  /** The core could not make it: the title stays until the next try. */
  failed: boolean;
}

export class NewPost {
  /** The post being made, shown instead of the open one; null when none is. */
  pending = $state<PendingPost | null>(null);

  /**
   * Shows the title field of a post being made, with `shown` (the caret after it); a title
   * typed in a failed try carries on.
   */
  begin(shown: string): PendingPost {
    const before = this.pending?.failed ? this.pending : null;
    const end = shown.length;
    this.pending = before
      ? { ...before, failed: false }
      : { title: shown, shown, focused: false, selection: { start: end, end }, failed: false };
    return this.pending;
  }

  /** Whether anything was typed in it. */
  typedIn(pending: PendingPost): boolean {
    return pending.title !== pending.shown;
  }

  /** The title field goes: another post is shown. */
  end(): void {
    this.pending = null;
  }

  /**
   * The window went elsewhere before the post was made: what was typed is still its title,
   * written to it directly.
   */
  async leftBehind(postId: string, typed: PendingPost): Promise<void> {
    if (this.typedIn(typed)) await invoke('posts.update', { id: postId, title: typed.title });
  }
}
