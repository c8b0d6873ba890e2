// The editor's messages, each next to the item it belongs to: 'post', a variant id, or an action
// key ('addVariant', 'refresh'). Each remembers the facts it was about (situation.ts) and goes
// when they change.
import type { PostDetail } from '@preload/bridge';
import { situationOf } from './situation';

export class ItemMessages {
  /** What is shown, by the key of what it is about. */
  shown = $state<Record<string, string>>({});
  // Bookkeeping, not view state: deliberately not reactive.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly situations = new Map<string, string>();
  private readonly post: () => PostDetail | null;

  /** `post`: the open post, whose facts the messages are about. */
  constructor(post: () => PostDetail | null) {
    this.post = post;
  }

  about(key: string): string | undefined {
    return this.shown[key];
  }

  set(key: string, message: string): void {
    this.shown[key] = message;
    const now = situationOf(this.post(), key);
    if (now === null) this.situations.delete(key);
    else this.situations.set(key, now);
  }

  clear(key: string): void {
    delete this.shown[key];
    this.situations.delete(key);
  }

  clearAll(): void {
    this.shown = {};
    this.situations.clear();
  }

  /** Drops the messages whose cause has changed since they were shown. */
  prune(): void {
    const post = this.post();
    for (const key of Object.keys(this.shown)) {
      const then = this.situations.get(key);
      if (then !== undefined && situationOf(post, key) !== then) this.clear(key);
    }
  }
}
