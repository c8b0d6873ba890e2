// What the view in front shows, told to the core (`sync.onScreen`), so each sync reads those
// posts from the service again within a minute: a colleague's move of a post nobody has open
// shows where the person looks. Each view says what it shows and takes it back when it goes;
// what they say together is sent once it settles, and only when it changed.
import type { OnScreen } from '@preload/bridge';
import { invoke } from '../bridge';

export type ScreenPart = 'list' | 'calendar' | 'queue';

/** Scrolling changes the rows many times a second: one message once it settles. */
const SEND_AFTER_MS = 250;
/** What the core takes at most (its schema's bounds). */
const POSTS_AT_MOST = 1_000;
const RANGES_AT_MOST = 4;

export class ScreenReport {
  readonly #parts = new Map<ScreenPart, OnScreen>();
  #sent = JSON.stringify({ postIds: [], ranges: [] });
  #timer: ReturnType<typeof setTimeout> | null = null;

  show(part: ScreenPart, shown: OnScreen): void {
    this.#parts.set(part, shown);
    this.#soon();
  }

  hide(part: ScreenPart): void {
    if (this.#parts.delete(part)) this.#soon();
  }

  #soon(): void {
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#send();
    }, SEND_AFTER_MS);
  }

  #send(): void {
    const parts = [...this.#parts.values()];
    const shown: OnScreen = {
      postIds: [...new Set(parts.flatMap((p) => p.postIds))].slice(0, POSTS_AT_MOST),
      ranges: parts.flatMap((p) => p.ranges).slice(0, RANGES_AT_MOST),
    };
    const said = JSON.stringify(shown);
    if (said === this.#sent) return;
    this.#sent = said;
    invoke('sync.onScreen', shown).catch(() => undefined);
  }
}

/** The window's one report. */
export const screenReport = new ScreenReport();
