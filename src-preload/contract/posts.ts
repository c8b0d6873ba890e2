// The post list (filtered, searched and sorted by the core, a page at a time), one post, new
// posts, titles and their conflicts.
import type { ItemState, LocalId, PostDetail, PostSummary } from './items';

/** A state filter matches a post by its own state or by any of its variants' states. */
export type PostFilter = 'all' | ItemState;

/** An interval of time, [from, to), as ISO 8601 instants; an end left out is open. */
export interface TimeRange {
  from?: string;
  to?: string;
}

/**
 * How the window asks for its list (posts.page): a first screenful, more than a tall window
 * shows, then the rest in pages short enough that the next keystroke's search never waits long
 * behind one (the core answers one request at a time). The benchmarks time the same sizes.
 */
export const LIST_PAGE_SIZES = { firstScreenful: 60, rest: 1_000 } as const;

/** One page of the post list (posts.page). */
export interface PostPage {
  posts: PostSummary[];
  /** Where the next page starts; null: this page is the last. */
  next: number | null;
}

/**
 * The list again after some of its posts changed (posts.refresh): its whole order, and the
 * summaries of the changed posts it shows. The window keeps the summaries it holds of the rest.
 */
export interface PostRefresh {
  /** Every post the list shows, in its order; null when that is the order `orderKey` was asked with. */
  order: LocalId[] | null;
  /** Names this order: asked with again, the order is answered null while it stays the same. */
  orderKey: string;
  /** The summaries of the posts asked about that the list shows (those it no longer shows are not in `order`). */
  posts: PostSummary[];
}

/**
 * How many changed posts one posts.refresh may ask about: no answer keeps the core busy long. A
 * window that heard of more asks about them in several refreshes.
 */
export const MAX_REFRESHED_POSTS = 2_000;

/**
 * What the post list is narrowed to. `platform`, `account` and `outAt` hold for one
 * and the same variant ("X · Northwind · this week": an X variant on Northwind that goes out this
 * week); with any of them, `filter` (a state) is that variant's state too.
 */

export interface PostListFilters {
  filter?: PostFilter;
  /** A platform identifier; its other spellings match too (`twitter` for `x`). */
  platform?: string;
  /** A social profile id: the account chosen, or the one the service picked as default. */
  account?: string;
  /** When the variant goes out: its scheduled time, or its publication time once published. */
  outAt?: TimeRange;
}

/**
 * The post list's order: `changed` newest change first (a change here or on the service, of
 * the title, a text, an account or a time), `scheduled` the soonest time a variant waits for
 * first (posts with none after), `title` A to Z (ignoring case and accents), `created` newest
 * first. Ties are broken by title, then by id, so the order is the same at every look.
 */
export const POST_SORTS = ['changed', 'scheduled', 'title', 'created'] as const;

export type PostSort = (typeof POST_SORTS)[number];

/** posts.*: the list, one post, new posts and titles. */
export interface PostCommands {
  /**
   * In `sort` order (last changed when omitted); `limit` answers only the first posts (a
   * window's first screenful). The filters hold together: see PostListFilters. `hidden`: only
   * the posts hidden here (otherwise they are left out).
   */
  'posts.list': {
    payload: {
      workspace: string | null;
      query?: string;
      limit?: number;
      sort?: PostSort;
      hidden?: boolean;
    } & PostListFilters;
    result: PostSummary[];
  };
  /**
   * The same list a page at a time, so that no answer keeps the core busy long however many
   * posts a search finds. Start with `from: 0`; ask again with the page's `next` until it is
   * null. A page has at most `limit` posts and may have fewer (with a search or a filter, a
   * page looks through a bounded stretch of the list): only `next: null` means the end.
   */
  'posts.page': {
    payload: {
      workspace: string | null;
      query?: string;
      sort?: PostSort;
      hidden?: boolean;
      from: number;
      limit: number;
    } & PostListFilters;
    result: PostPage;
  };
  /**
   * The same list once more after the posts in `changed` changed (a sync, another window): its
   * order whole, as ids, and only the changed posts' summaries. A window that holds the list
   * keeps its other summaries: after a change, it reads the order and the changed posts, not
   * every post again. At most MAX_REFRESHED_POSTS changed posts. `orderKey`: the key of the
   * order the window holds (an earlier answer's), so an order that did not change is not sent.
   */
  'posts.refresh': {
    payload: {
      workspace: string | null;
      query?: string;
      sort?: PostSort;
      hidden?: boolean;
      changed: LocalId[];
      orderKey?: string;
    } & PostListFilters;
    result: PostRefresh;
  };
  'posts.get': { payload: { id: LocalId }; result: PostDetail };
  /** Every post in conflict, on its title or on a variant (local space first, then by workspace). */
  'posts.conflicts': { payload: void; result: PostDetail[] };
  'posts.create': { payload: { workspace: string | null; title: string }; result: PostDetail };
  /**
   * `typing`: the title is being typed in the window. A new post's create waits until its title
   * is settled (posts.titleSettled), or has rested a while: the service keeps a post's first title.
   */
  'posts.update': { payload: { id: LocalId; title: string; typing?: boolean }; result: PostDetail };
  /** The person is done with the title (left the field, Enter, another post or view): its create may go. */
  'posts.titleSettled': { payload: { id: LocalId }; result: PostDetail };
  /**
   * The person left a post New post made: it goes if it is still untouched (no title, no
   * variant, its create never sent), checked and removed in one step after the title saves
   * sent before; `dropped`: false when anything was saved in it first.
   */
  'posts.dropIfUntouched': { payload: { id: LocalId }; result: { dropped: boolean } };
  'posts.resolveConflict': {
    payload: { id: LocalId; choice: 'mine' | 'theirs' } | { id: LocalId; choice: 'edit'; title: string };
    result: PostDetail;
  };
}

/** The names of these commands (a host checks a name against every feature\'s). */
export const POST_COMMANDS: Record<keyof PostCommands, true> = {
  'posts.list': true,
  'posts.page': true,
  'posts.refresh': true,
  'posts.get': true,
  'posts.conflicts': true,
  'posts.create': true,
  'posts.update': true,
  'posts.titleSettled': true,
  'posts.dropIfUntouched': true,
  'posts.resolveConflict': true,
};
