// A post being made (New post): its title field is on screen at once, with the caret, so
// typing never waits for the core and never lands in the post left behind. The title typed
// meanwhile goes to the new post once it exists, and its own field carries on from where the
// caret was.
import { invoke } from '../../bridge';

/** The title of a post being made, typed before the core has made it. */
export interface PendingPost {
  /** What the title field shows. */
  title: string;
  /** Whether the field has the caret, and where: the post's own field carries on from there. */
  focused: boolean;
  selection: { start: number; end: number };
  /** The core could not make it: the title stays until the next try. */
  failed: boolean;
}

export class NewPost {
  /** The post being made, shown instead of the open one; null when none is. */
  pending = $state<PendingPost | null>(null);

  /** Shows the title field of a post being made; a title kept from a failed try carries on. */
  begin(): PendingPost {
    const before = this.pending?.failed ? this.pending : null;
    this.pending = before
      ? { ...before, failed: false }
      : { title: '', focused: false, selection: { start: 0, end: 0 }, failed: false };
    return this.pending;
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
    if (typed.title !== '') await invoke('posts.update', { id: postId, title: typed.title });
  }
}
