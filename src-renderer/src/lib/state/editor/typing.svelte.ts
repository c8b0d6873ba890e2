// What the editor's fields show, and its saving. Typing changes local state at once; saves go to
// the core after a short pause, and at least twice a second while the typing goes on (and right
// away on blur, on switching post or variant, and before schedule or publish), so typing never
// waits on the disk or the network and a crash takes less than a second of it
// (src-preload/typing.ts). Text the core sends meanwhile never replaces text still being typed,
// nor a text the disk or the folder keeps from being saved (held-texts.ts), nor one typed after
// the core was asked for it (its answer may arrive after that typing is saved).
import type { PostDetail, VariantView } from '@preload/bridge';
import { saveDelay } from '@preload/typing';
import { errorMessage, invoke } from '../../bridge';
import { heldBack, heldWords, HeldTexts, type HeldText } from './held-texts';
import type { ItemMessages } from './messages.svelte';

/** A field to save: a post's title (by the post's id) or a variant's text (by the variant's). */
type Key = `title:${string}` | `content:${string}`;

/** The open post, as the saving needs it: whose title it is, and where the core's answers go. */
export interface TypingHost {
  readonly post: PostDetail | null;
  readonly messages: ItemMessages;
  /** The core's answer to a saved title: the post's own fields. */
  adoptPostFields(post: PostDetail): void;
  adoptVariant(variant: VariantView): void;
}

export class Typing {
  /** What the fields show: the local text, which may be ahead of what the core has saved. */
  title = $state('');
  contents = $state<Record<string, string>>({});
  /** True while edits wait to be written; shown as a quiet "Saving…" word, never a spinner. */
  unsaved = $state(false);

  // Bookkeeping, not view state: deliberately not reactive.
  /* eslint-disable svelte/prefer-svelte-reactivity */
  private readonly timers = new Map<Key, ReturnType<typeof setTimeout>>();
  /** When each key's oldest unsaved keystroke was typed. */
  private readonly unsavedSince = new Map<Key, number>();
  private readonly inFlight = new Map<Key, Promise<void>>();
  /** Keys whose local text has not yet been confirmed by the core. */
  private readonly dirty = new Set<Key>();
  /** When each key was last typed in, counted in keystrokes (`typedCount`). */
  private readonly lastTyped = new Map<Key, number>();
  /**
   * The titles still to be written, by post: the open post's field is `title`, but a title
   * refused (too long, say) or still on its way when its post is left is saved from here, and
   * shows again when that post is opened.
   */
  private readonly titles = new Map<string, string>();
  /** Why the core refused a text still to be written, shown again whenever its post is. */
  private readonly refusals = new Map<Key, string>();
  /**
   * The posts whose title is being typed in the field: their saves say so, and the core holds a
   * new post's create until the title is settled (the service keeps a post's first title).
   */
  private readonly typedTitles = new Set<string>();
  /* eslint-enable svelte/prefer-svelte-reactivity */
  private typedCount = 0;
  private settling: Promise<void> = Promise.resolve();
  private readonly host: TypingHost;
  /** Texts a full disk (or a folder that cannot be written) kept from being saved: kept, and tried again. */
  readonly held = new HeldTexts((held) => this.saveHeld(held));

  constructor(host: TypingHost) {
    this.host = host;
  }

  /** `postId`: a post not open now (keys typed for it while it loaded, say) keeps its own title. */
  setTitle(value: string, postId = this.host.post?.id): void {
    if (postId === this.host.post?.id) this.title = value;
    if (postId === undefined) return;
    this.titles.set(postId, value);
    this.queue(`title:${postId}`);
  }

  /** The open post's title, typed in its field: not finished until settled (`settleTitles`). */
  typeTitle(value: string): void {
    const postId = this.host.post?.id;
    if (postId !== undefined) this.typedTitles.add(postId);
    this.setTitle(value, postId);
  }

  /**
   * The titles typed in are finished (the field left, Enter, another post or view, the window
   * closing): their last keys are saved, then the core may create their posts. `atOnce`: the
   * window is closing, so the core hears of it before the saves are answered (those go
   * unflagged, so the order does not matter).
   */
  settleTitles(atOnce = false): Promise<void> {
    const ids = [...this.typedTitles];
    if (ids.length === 0) return this.settling;
    this.typedTitles.clear();
    const flushed = this.flush();
    const run = (async () => {
      if (!atOnce) await flushed;
      await Promise.all(ids.map((id) => this.settleTitle(id)));
    })();
    this.settling = Promise.all([this.settling, run]).then(() => undefined);
    return run;
  }

  /**
   * Resolves once every title settled so far has reached the core: a sync asked for after the
   * field was left (Sync now, the press that took the caret from it) then takes the post.
   */
  get settled(): Promise<void> {
    return this.settling;
  }

  private async settleTitle(postId: string): Promise<void> {
    try {
      const post = await invoke('posts.titleSettled', { id: postId });
      if (this.host.post?.id === postId) this.host.adoptPostFields(post);
    } catch {
      // Deleted meanwhile, or the core closing: the core's quiet spell settles it anyway.
    }
  }

  setContent(variantId: string, value: string): void {
    this.contents[variantId] = value;
    this.queue(`content:${variantId}`);
  }

  /** Whether the post's title is still to be saved: waiting, on its way, held back or refused. */
  titleToSave(postId: string): boolean {
    return this.isBusy(`title:${postId}`);
  }

  /** How many texts are not saved now: waiting, on their way, refused or held back. */
  get notSaved(): number {
    const busy = new Set<Key>([...this.dirty, ...this.timers.keys(), ...this.inFlight.keys()]); // eslint-disable-line svelte/prefer-svelte-reactivity -- a local count
    return busy.size + this.held.size;
  }

  /** Where typing stands now: a read of the core started now answers `followPost` with it. */
  mark(): number {
    return this.typedCount;
  }

  /**
   * A post just opened: every field shows the core's text, except a text still to be written
   * (its save is waiting, on its way, or was refused): that one is newer than the read. The post
   * may be opened again before the keys typed for it are saved (they were held while it loaded,
   * and it was left before it came), and its read then answers without them.
   */
  showPost(post: PostDetail): void {
    // A text still held (not saved yet) is what was typed: it shows, not the saved one.
    this.title = this.held.textOf(post.id, null) ?? this.titleToWrite(post.id) ?? post.title;
    const shown = post.variants.map((v): [string, string] => [
      v.id,
      this.held.textOf(post.id, v.id) ?? this.toWrite(v.id) ?? v.content,
    ]);
    this.contents = { ...this.othersToWrite(post), ...Object.fromEntries(shown) };
    for (const key of [
      `title:${post.id}` as const,
      ...post.variants.map((v) => `content:${v.id}` as const),
    ]) {
      const refusal = this.refusals.get(key);
      if (refusal !== undefined) this.host.messages.set(messageKeyOf(key), refusal);
    }
  }

  /**
   * The core's text of the open post, wherever nobody is typing; `readAt`: the `mark()` when it
   * was asked for (a field typed in since keeps its text).
   */
  followPost(post: PostDetail, readAt = this.typedCount): void {
    this.followTitle(post.title, readAt);
    const contents: Record<string, string> = {};
    for (const v of post.variants)
      contents[v.id] = this.keeps(`content:${v.id}`, readAt) ? (this.contents[v.id] ?? v.content) : v.content;
    this.contents = { ...this.othersToWrite(post), ...contents };
  }

  followTitle(title: string, readAt = this.typedCount): void {
    const postId = this.host.post?.id;
    if (postId === undefined || !this.keeps(`title:${postId}`, readAt)) this.title = title;
  }

  followVariant(variant: VariantView): void {
    if (!this.keeps(`content:${variant.id}`, this.typedCount)) this.contents[variant.id] = variant.content;
  }

  /** A title the field shows whatever was typed in it (the one a resolved conflict kept). */
  replaceTitle(title: string): void {
    this.title = title;
    // A save still to come writes the field's text, as for a variant's.
    const postId = this.host.post?.id;
    if (postId !== undefined && this.titles.has(postId)) this.titles.set(postId, title);
  }

  /** A text the field shows whatever was typed in it (the one a resolved conflict kept). */
  replaceContent(variantId: string, content: string): void {
    this.contents[variantId] = content;
  }

  /** Writes every pending edit now. */
  async flush(): Promise<void> {
    const keys = [...new Set<Key>([...this.timers.keys(), ...this.dirty])]; // eslint-disable-line svelte/prefer-svelte-reactivity -- a local copy
    for (const key of keys) {
      const timer = this.timers.get(key);
      if (timer) clearTimeout(timer);
      this.timers.delete(key);
    }
    await Promise.all([...keys.map((key) => this.save(key)), ...this.inFlight.values()]);
  }

  /** The folder takes changes again: every held text is saved now. */
  roomAgain(): void {
    void this.held.retry();
  }

  /** The title of a post still to be written, if it is one. */
  private titleToWrite(postId: string): string | undefined {
    return this.isBusy(`title:${postId}`) ? this.titles.get(postId) : undefined;
  }

  /** The text of a variant still to be written, if it is one. */
  private toWrite(variantId: string): string | undefined {
    return this.isBusy(`content:${variantId}`) ? this.contents[variantId] : undefined;
  }

  /**
   * The texts still to be written of variants not of `post` (of the post left): they stay until
   * they are, since their save reads them here.
   */
  private othersToWrite(post: PostDetail): Record<string, string> {
    const own = new Set(post.variants.map((v) => v.id)); // eslint-disable-line svelte/prefer-svelte-reactivity -- a local lookup
    return Object.fromEntries(
      Object.entries(this.contents).filter(([id]) => !own.has(id) && this.toWrite(id) !== undefined),
    );
  }

  /** Whether the field keeps its own text over the core's, read at `readAt`. */
  private keeps(key: Key, readAt: number): boolean {
    return this.isBusy(key) || (this.lastTyped.get(key) ?? 0) > readAt;
  }

  private isBusy(key: Key): boolean {
    const held = this.held.textOf(postOf(key) ?? '', variantOf(key));
    return this.dirty.has(key) || this.timers.has(key) || this.inFlight.has(key) || held !== undefined;
  }

  private queue(key: Key): void {
    // The newer text takes the place of one held back: it is saved (or held) in its turn.
    this.held.drop(postOf(key) ?? '', variantOf(key));
    this.dirty.add(key);
    this.lastTyped.set(key, ++this.typedCount);
    this.unsaved = true;
    const now = Date.now();
    if (!this.unsavedSince.has(key)) this.unsavedSince.set(key, now);
    const existing = this.timers.get(key);
    if (existing) clearTimeout(existing);
    const delay = saveDelay(now, this.unsavedSince.get(key) ?? now);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        void this.save(key);
      }, delay),
    );
  }

  private async save(key: Key): Promise<void> {
    // One write per key at a time, so an older text never lands after a newer one.
    const previous = this.inFlight.get(key);
    if (previous) await previous;
    // A text is saved even once its post is left or closed: it was typed before.
    if (!this.dirty.has(key)) return this.settle();
    this.dirty.delete(key);
    this.unsavedSince.delete(key);
    const run = this.write(key);
    this.inFlight.set(key, run);
    try {
      await run;
    } finally {
      if (this.inFlight.get(key) === run) this.inFlight.delete(key);
      const postId = postOf(key);
      if (postId !== null && !this.isBusy(key)) this.titles.delete(postId);
      this.settle();
    }
  }

  private async write(key: Key): Promise<void> {
    const { host } = this;
    const variantId = variantOf(key);
    const titleOf = postOf(key);
    const text = titleOf !== null ? (this.titles.get(titleOf) ?? '') : (this.contents[variantId ?? ''] ?? '');
    // A variant's held text is kept by its variant; the post it names is the one open when held.
    const postId = titleOf ?? host.post?.id ?? '';
    try {
      await this.send({ postId, variantId, text });
      this.refusals.delete(key);
      if (this.isShown(key)) host.messages.clear(messageKeyOf(key));
    } catch (error) {
      if (heldBack(error)) {
        // Kept as typed, wherever the window goes meanwhile, and saved once the folder takes it.
        this.held.hold({ postId, variantId, text });
        if (this.isShown(key)) host.messages.set(messageKeyOf(key), heldWords(error));
      } else {
        // The text stays (in the field, or here if its post was left); the message says why it
        // is not saved yet, now and whenever its post shows again.
        this.refusals.set(key, errorMessage(error));
        if (this.isShown(key)) host.messages.set(messageKeyOf(key), errorMessage(error));
        this.dirty.add(key);
      }
    }
  }

  /** Whether the field of `key` is in the open post (its messages show there). */
  private isShown(key: Key): boolean {
    const post = this.host.post;
    const titleOf = postOf(key);
    if (titleOf !== null) return post?.id === titleOf;
    return post?.variants.some((v) => v.id === variantOf(key)) ?? false;
  }

  /** A held text, written again; the open post takes the answer. Throws while it still cannot. */
  private async saveHeld(held: HeldText): Promise<void> {
    await this.send(held);
    if (this.host.post?.id === held.postId) this.host.messages.clear(held.variantId ?? 'post');
    this.settle();
  }

  /** One text written through the core (a title: `variantId` null); the open post takes the answer. */
  private async send({ postId, variantId, text }: HeldText): Promise<void> {
    const { host } = this;
    if (variantId !== null)
      return host.adoptVariant(await invoke('variants.update', { id: variantId, content: text }));
    const typing = this.typedTitles.has(postId) ? { typing: true } : {};
    const post = await invoke('posts.update', { id: postId, title: text, ...typing });
    if (host.post?.id === postId) host.adoptPostFields(post);
  }

  private settle(): void {
    this.unsaved =
      this.timers.size > 0 || this.inFlight.size > 0 || this.dirty.size > 0 || this.held.size > 0;
  }
}

/** The variant a key is of; null: a post's title. */
function variantOf(key: Key): string | null {
  return key.startsWith('content:') ? key.slice('content:'.length) : null;
}

/** The post whose title a key is; null: a variant's text. */
function postOf(key: Key): string | null {
  return key.startsWith('title:') ? key.slice('title:'.length) : null;
}

/** Where a key's messages show: 'post' for the title, or the variant's id. */
function messageKeyOf(key: Key): string {
  return variantOf(key) ?? 'post';
}
