// The kept versions of every text, and putting one back.
import type { LocalId, PostDetail } from './items';

/**
 * Where a version of a text came from: typed here (kept when typing paused, or as it was sent),
 * the service's text that replaced the local one, or the text as it was just before a discard, a
 * merge, a choice in a conflict or a restore; `not_sent_published`: a change that never left
 * because the variant was published first.
 */
export type VersionOrigin =
  | 'typed'
  | 'service'
  | 'before_discard'
  | 'before_merge'
  | 'before_conflict_choice'
  | 'before_restore'
  | 'not_sent_published';

/** One kept version of a variant's text or of a post's title. */
export interface TextVersionView {
  /** Counted per text from 1, newest highest; never reused (thinning leaves gaps). */
  version: number;
  at: string;
  origin: VersionOrigin;
  /** The origin in words: "typed here". */
  originText: string;
  content: string;
}

/** Whose text: a variant's content, or a post's title. */
export type TextSubject = { variantId: LocalId } | { postId: LocalId };

/** history.* and variants.copyToNewPost. */
export interface HistoryCommands {
  /** The kept versions of a variant's text or of a post's title, newest first. */
  'history.list': { payload: TextSubject; result: TextVersionView[] };
  /** Puts a version back as a new edit (through the outbox), undoable; answers the post. */
  'history.restore': { payload: TextSubject & { version: number }; result: PostDetail };
  /** A new post with the variant's text, on the same platform and account (published elsewhere). */
  'variants.copyToNewPost': { payload: { id: LocalId }; result: PostDetail };
}

/** The names of these commands (a host checks a name against every feature\'s). */
export const HISTORY_COMMANDS: Record<keyof HistoryCommands, true> = {
  'history.list': true,
  'history.restore': true,
  'variants.copyToNewPost': true,
};
