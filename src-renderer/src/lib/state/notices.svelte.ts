// The notices docked above the sync bar: what the core announces (published, waiting for
// sign-off, needs you). At most three, the newest. Informational ones go by themselves after a
// few seconds, counted only while nobody is pointing at or tabbing through them; one that needs
// the user stays until dismissed or until its cause has gone. Every notice enters through
// `show` and leaves through `remove`, so the history (the last 50, newest first, for a notice
// that went before it was read) is kept in `show`.
import type { NotificationKind, OutpostNotification, PostDetail, SyncStatus } from '@preload/bridge';
import { showInstants } from '@preload/words/instants';
import { windowWhen } from '../clock.svelte';
import { invoke } from '../bridge';
import {
  autoDismissAfter,
  countsAsNew,
  MAX_NOTIFICATIONS,
  NOTICE_HISTORY_SIZE,
  pushNotification,
  sameNotice,
} from './notification-rules';
import { causeRemains, endedBy } from './notice-cause';

/** What a notice offers besides Dismiss (Undo, for instance). */
export interface NoticeAction {
  label: string;
  run: () => void | Promise<void>;
}

/** The core's kinds of notification, and what the window says itself: an undo offered or done. */
export type NoticeKind = NotificationKind | 'undo';

export interface NoticeContent extends Omit<OutpostNotification, 'kind'> {
  kind: NoticeKind;
}

export interface Notice extends NoticeContent {
  /** Unique for the window's life. */
  key: number;
  action?: NoticeAction;
}

/** A notice as the history keeps it: what it said, when, and its post. Its action (Undo) is not kept: it was for its moment. */
export interface PastNotice extends NoticeContent {
  key: number;
  /** When it was shown (ISO). */
  at: string;
}

export interface NoticesOptions {
  /** Whether informational notices are wanted (Settings); one that needs the user always shows. */
  informational: () => boolean;
  /** The post as the core has it now, to tell whether a notice's cause is still there. */
  readPost?: (id: string) => Promise<PostDetail>;
}

/** The time a notice has left; it runs only while the notices are not held. */
interface Countdown {
  remainingMs: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export class NoticesState {
  items = $state<Notice[]>([]);
  /** The last notices shown, newest first, whether or not they are still on screen. */
  history = $state<PastNotice[]>([]);
  /** Notices shown since the history was last looked at, of those that count as new. */
  unseen = $state(0);

  private nextKey = 0;
  private held = false;
  // Bookkeeping, not view state: deliberately not reactive.
  private readonly countdowns = new Map<number, Countdown>(); // eslint-disable-line svelte/prefer-svelte-reactivity
  private readonly informational: () => boolean;
  private readonly readPost: (id: string) => Promise<PostDetail>;

  constructor(options: NoticesOptions) {
    this.informational = options.informational;
    this.readPost = options.readPost ?? ((id) => invoke('posts.get', { id }));
  }

  /** A notification from the core: shown unless it is informational and those are turned off. */
  receive(notification: OutpostNotification): void {
    if (notification.kind === 'needs_user' || this.informational()) this.show(notification);
  }

  /** Shows a notice, pushing out the oldest beyond three; answers its key. */
  show(notification: NoticeContent, action?: NoticeAction): number {
    const notice: Notice = {
      ...notification,
      // The core's words carry instants; they are written here, in the window's zone.
      title: showInstants(notification.title, windowWhen),
      body: showInstants(notification.body, windowWhen),
      key: ++this.nextKey,
      ...(action ? { action } : {}),
    };
    // The same words about the same thing again replace the one shown: notices never stack.
    this.remove((shown) => sameNotice(shown, notice));
    const kept = pushNotification(this.items, notice, MAX_NOTIFICATIONS);
    this.forgetAllBut(kept);
    this.items = kept;
    this.remember(notice);
    const after = autoDismissAfter(notice.kind);
    if (after !== null) {
      this.countdowns.set(notice.key, { remainingMs: after, startedAt: 0, timer: null });
      if (!this.held) this.startCountdown(notice.key);
    }
    return notice.key;
  }

  /** The history was looked at: nothing in it is new any more. */
  historySeen(): void {
    this.unseen = 0;
  }

  dismiss(key: number): void {
    this.remove((notice) => notice.key === key);
  }

  /** Runs a notice's action; the notice has done its job and goes. */
  async runAction(key: number): Promise<void> {
    const notice = this.items.find((n) => n.key === key);
    if (!notice?.action) return;
    this.dismiss(key);
    await notice.action.run();
  }

  /** While the pointer or the keyboard is on the notices, none of them goes by itself. */
  hold(held: boolean): void {
    if (held === this.held) return;
    this.held = held;
    for (const key of this.countdowns.keys()) {
      if (held) this.pauseCountdown(key);
      else this.startCountdown(key);
    }
  }

  /** A new sync status: a notice whose cause it ends goes (nothing waits on the user, a token given). */
  syncStatusChanged(status: SyncStatus): void {
    this.remove((notice) => endedBy(notice, status));
  }

  /** A post changed: its "needs you" notices go if what they were about has been settled. */
  async postChanged(postId: string): Promise<void> {
    if (!this.items.some((n) => n.kind === 'needs_user' && n.postId === postId)) return;
    let post: PostDetail;
    try {
      post = await this.readPost(postId);
    } catch {
      // The post is gone: so is the cause.
      this.remove((n) => n.postId === postId && n.kind === 'needs_user');
      return;
    }
    this.remove((n) => n.postId === postId && !causeRemains(n, post));
  }

  /** Stops every countdown (the window is closing). */
  dispose(): void {
    for (const key of this.countdowns.keys()) this.pauseCountdown(key);
    this.countdowns.clear();
  }

  private remember(notice: Notice): void {
    const { action: _action, ...content } = notice;
    const past: PastNotice = { ...content, at: new Date().toISOString() }; // eslint-disable-line svelte/prefer-svelte-reactivity -- a timestamp, not state
    this.history = [past, ...this.history].slice(0, NOTICE_HISTORY_SIZE);
    if (countsAsNew(notice.kind)) this.unseen = Math.min(this.unseen + 1, NOTICE_HISTORY_SIZE);
  }

  private remove(which: (notice: Notice) => boolean): void {
    const kept = this.items.filter((notice) => !which(notice));
    if (kept.length === this.items.length) return;
    this.forgetAllBut(kept);
    this.items = kept;
  }

  private forgetAllBut(kept: Notice[]): void {
    for (const key of [...this.countdowns.keys()]) {
      if (kept.some((notice) => notice.key === key)) continue;
      this.pauseCountdown(key);
      this.countdowns.delete(key);
    }
  }

  private startCountdown(key: number): void {
    const countdown = this.countdowns.get(key);
    if (!countdown || countdown.timer) return;
    countdown.startedAt = Date.now();
    countdown.timer = setTimeout(() => this.dismiss(key), countdown.remainingMs);
  }

  private pauseCountdown(key: number): void {
    const countdown = this.countdowns.get(key);
    if (!countdown?.timer) return;
    clearTimeout(countdown.timer);
    countdown.timer = null;
    countdown.remainingMs = Math.max(0, countdown.remainingMs - (Date.now() - countdown.startedAt));
  }
}
