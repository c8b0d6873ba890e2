// The open post. Typing changes local state at once; saves go to the core after a short pause,
// and at least twice a second while the typing goes on (and right away on blur, on switching
// post or variant, and before schedule or publish), so typing never waits on the disk or the
// network and a crash takes less than a second of it (src-preload/typing.ts).
import type { AccountChoice, OutboxOpView, PostDetail, VariantView } from '@preload/bridge';
import { saveDelay } from '@preload/typing';
import { BridgeError, errorMessage, invoke } from '../bridge';
import { FocusRequests } from './focus-request.svelte';
import { heldBack, heldWords, HeldTexts, type HeldText } from './held-texts';
import { HistoryState, subjectOf } from './history.svelte';
import { situationOf } from './situation';

type Key = 'title' | `content:${string}`;
export type ConflictChoice = 'mine' | 'theirs' | 'edit';

/**
 * A variant being added. Its text field is on screen at once, with the caret, so typing never
 * waits for the core; the text goes to the variant once it exists.
 */
export interface NewVariant {
  platform: string;
  content: string;
  /** Whether the field has the caret, and where: the variant's own field carries on from there. */
  focused: boolean;
  selection: { start: number; end: number };
  /** The core refused it (the reason is shown by "Add variant"); the text stays until added or dropped. */
  failed: boolean;
}

export class EditorState {
  post = $state<PostDetail | null>(null);
  activeVariantId = $state<string | null>(null);
  /** What the fields show: the local text, which may be ahead of what the core has saved. */
  title = $state('');
  contents = $state<Record<string, string>>({});
  /** Messages next to the item they belong to: 'post', a variant id, or an action key ('addVariant', 'refresh'). */
  errors = $state<Record<string, string>>({});
  loadError = $state<string | null>(null);
  /** True while edits wait to be written; shown as a quiet "Saving…" word, never a spinner. */
  unsaved = $state(false);
  /** Per post: the variant being added to it, if any. */
  adding = $state<Record<string, NewVariant>>({});
  /**
   * Per post started from the calendar: the time it was started for (ISO). Each of its variants
   * without a time has it filled in; Schedule sends it, with every check a typed time gets.
   */
  planned = $state<Record<string, string>>({});
  readonly focus = new FocusRequests();
  /** The versions of one of the open post's texts, when the History panel is open. */
  readonly history = new HistoryState();
  /** Texts a full disk (or a folder that cannot be written) kept from being saved: kept, and tried again. */
  readonly held = new HeldTexts((held) => this.saveHeld(held));

  activeVariant = $derived(
    this.post?.variants.find((v) => v.id === this.activeVariantId) ?? this.post?.variants[0] ?? null,
  );

  // Bookkeeping, not view state: deliberately not reactive.
  /* eslint-disable svelte/prefer-svelte-reactivity */
  private timers = new Map<Key, ReturnType<typeof setTimeout>>();
  /** When each key's oldest unsaved keystroke was typed. */
  private unsavedSince = new Map<Key, number>();
  private inFlight = new Map<Key, Promise<void>>();
  /** Keys whose local text has not yet been confirmed by the core. */
  private dirty = new Set<Key>();
  /** What each message was about when it was shown (see `situation`): when that changes, it goes. */
  private errorSituations = new Map<string, string>();
  /** Per post: the create of its new variant, while on its way. */
  private creating = new Map<string, Promise<boolean>>();
  /* eslint-enable svelte/prefer-svelte-reactivity */
  private openSequence = 0;

  async open(id: string): Promise<void> {
    await this.flush();
    this.focus.drop();
    this.history.close();
    const mine = ++this.openSequence;
    try {
      const post = await invoke('posts.get', { id });
      if (mine !== this.openSequence) return;
      this.errors = {};
      this.errorSituations.clear();
      this.loadError = null;
      this.post = post;
      // A text still held (not saved yet) is what was typed: it shows, not the saved one.
      this.title = this.held.textOf(post.id, null) ?? post.title;
      this.contents = Object.fromEntries(
        post.variants.map((v) => [v.id, this.held.textOf(post.id, v.id) ?? v.content]),
      );
      this.activeVariantId = post.variants[0]?.id ?? null;
    } catch (error) {
      if (mine === this.openSequence) this.loadError = errorMessage(error);
    }
  }

  close(): void {
    void this.flush();
    this.focus.drop();
    this.history.close();
    this.openSequence++;
    this.post = null;
    this.activeVariantId = null;
  }

  /** Reloads the open post after an `itemChanged` event, keeping text the user is still typing. */
  async refresh(): Promise<void> {
    const id = this.post?.id;
    if (!id) return;
    const mine = this.openSequence;
    try {
      const post = await invoke('posts.get', { id });
      if (mine !== this.openSequence || this.post?.id !== id) return;
      this.clearError('refresh');
      this.adopt(post);
    } catch (error) {
      if (mine !== this.openSequence) return;
      // Deleted meanwhile (picked in the list with others, say): there is nothing left to show.
      if (error instanceof BridgeError && error.code === 'not_found') this.close();
      else this.setError('refresh', errorMessage(error));
    }
  }

  // --- messages ------------------------------------------------------------------------
  // Each message remembers the facts it was about (see situation.ts) and goes when they change.

  private situation(key: string): string | null {
    return situationOf(this.post, key);
  }

  private setError(key: string, message: string): void {
    this.errors[key] = message;
    const now = this.situation(key);
    if (now === null) this.errorSituations.delete(key);
    else this.errorSituations.set(key, now);
  }

  private clearError(key: string): void {
    delete this.errors[key];
    this.errorSituations.delete(key);
  }

  /** Drops the messages whose cause has changed since they were shown. */
  private pruneErrors(): void {
    for (const key of Object.keys(this.errors)) {
      const then = this.errorSituations.get(key);
      if (then !== undefined && this.situation(key) !== then) this.clearError(key);
    }
  }

  private adopt(post: PostDetail): void {
    this.post = post;
    if (!this.isBusy('title')) this.title = post.title;
    const contents: Record<string, string> = {};
    for (const v of post.variants) {
      const key: Key = `content:${v.id}`;
      contents[v.id] = this.isBusy(key) ? (this.contents[v.id] ?? v.content) : v.content;
    }
    this.contents = contents;
    if (!post.variants.some((v) => v.id === this.activeVariantId)) {
      this.activeVariantId = post.variants[0]?.id ?? null;
    }
    this.pruneErrors();
  }

  private adoptVariant(variant: VariantView): void {
    if (!this.post || this.post.id !== variant.postId) return;
    const variants = this.post.variants.map((v) => (v.id === variant.id ? variant : v));
    if (!variants.some((v) => v.id === variant.id)) variants.push(variant);
    this.post = { ...this.post, variants };
    if (!this.isBusy(`content:${variant.id}`)) this.contents[variant.id] = variant.content;
    this.pruneErrors();
  }

  private isBusy(key: Key): boolean {
    const postId = this.post?.id ?? '';
    const held = this.held.textOf(postId, key === 'title' ? null : key.slice('content:'.length));
    return this.dirty.has(key) || this.timers.has(key) || this.inFlight.has(key) || held !== undefined;
  }

  setTitle(value: string): void {
    this.title = value;
    this.queue('title');
  }

  setContent(variantId: string, value: string): void {
    this.contents[variantId] = value;
    this.queue(`content:${variantId}`);
  }

  private queue(key: Key): void {
    // The newer text takes the place of one held back: it is saved (or held) in its turn.
    if (this.post) this.held.drop(this.post.id, key === 'title' ? null : key.slice('content:'.length));
    this.dirty.add(key);
    this.unsaved = true;
    const now = Date.now();
    if (!this.unsavedSince.has(key)) this.unsavedSince.set(key, now);
    const existing = this.timers.get(key);
    if (existing) clearTimeout(existing);
    this.timers.set(
      key,
      setTimeout(
        () => {
          this.timers.delete(key);
          void this.save(key);
        },
        saveDelay(now, this.unsavedSince.get(key) ?? now),
      ),
    );
  }

  private async save(key: Key): Promise<void> {
    // One write per key at a time, so an older text never lands after a newer one.
    const previous = this.inFlight.get(key);
    if (previous) await previous;
    // A variant's text is saved even once its post is closed (it was typed before); the title
    // belongs to the open post.
    const postId = this.post?.id;
    if (!this.dirty.has(key) || (key === 'title' && !postId)) return this.settle();
    this.dirty.delete(key);
    this.unsavedSince.delete(key);
    const variantId = key === 'title' ? null : key.slice('content:'.length);
    const text = variantId === null ? this.title : (this.contents[variantId] ?? '');
    const run = (async () => {
      const errorKey = variantId ?? 'post';
      try {
        if (variantId === null && postId) {
          const post = await invoke('posts.update', { id: postId, title: text });
          if (this.post?.id === postId) this.adoptPostFields(post);
        } else if (variantId !== null) {
          this.adoptVariant(await invoke('variants.update', { id: variantId, content: text }));
        }
        this.clearError(errorKey);
      } catch (error) {
        // The text stays in the field; the message says why it is not saved yet.
        if (heldBack(error)) {
          // Kept as typed, wherever the window goes meanwhile, and saved once the folder takes it.
          this.held.hold({ postId: postId ?? this.post?.id ?? '', variantId, text });
          this.setError(errorKey, heldWords(error));
        } else {
          this.setError(errorKey, errorMessage(error));
          this.dirty.add(key);
        }
      }
    })();
    this.inFlight.set(key, run);
    try {
      await run;
    } finally {
      if (this.inFlight.get(key) === run) this.inFlight.delete(key);
      this.settle();
    }
  }

  private adoptPostFields(post: PostDetail): void {
    if (!this.post) return;
    this.post = { ...post, variants: this.post.variants.length ? this.post.variants : post.variants };
    if (!this.isBusy('title')) this.title = post.title;
    this.pruneErrors();
  }

  private settle(): void {
    this.unsaved =
      this.timers.size > 0 || this.inFlight.size > 0 || this.dirty.size > 0 || this.held.size > 0;
  }

  /** A held text, written again; the open post takes the answer. Throws while it still cannot. */
  private async saveHeld(held: HeldText): Promise<void> {
    if (held.variantId === null) {
      const post = await invoke('posts.update', { id: held.postId, title: held.text });
      if (this.post?.id === held.postId) this.adoptPostFields(post);
    } else this.adoptVariant(await invoke('variants.update', { id: held.variantId, content: held.text }));
    if (this.post?.id === held.postId) this.clearError(held.variantId ?? 'post');
    this.settle();
  }

  /** The folder takes changes again: every held text is saved now. */
  roomAgain(): void {
    void this.held.retry();
  }

  /** Writes every pending edit now (the text of a variant still being added once it exists). */
  async flush(): Promise<void> {
    await Promise.all(this.creating.values());
    const keys = [...new Set<Key>([...this.timers.keys(), ...this.dirty])]; // eslint-disable-line svelte/prefer-svelte-reactivity -- a local copy
    for (const key of keys) {
      const timer = this.timers.get(key);
      if (timer) clearTimeout(timer);
      this.timers.delete(key);
    }
    await Promise.all([...keys.map((key) => this.save(key)), ...this.inFlight.values()]);
  }

  selectVariant(id: string): void {
    void this.flush();
    this.focus.drop();
    this.activeVariantId = id;
  }

  stepVariant(delta: 1 | -1): void {
    const variants = this.post?.variants ?? [];
    if (variants.length < 2) return;
    const index = variants.findIndex((v) => v.id === this.activeVariant?.id);
    const next = variants[(index + delta + variants.length) % variants.length];
    if (next) this.selectVariant(next.id);
  }

  /**
   * Adds a variant to the open post. Its text field takes the caret at once; once the core has
   * created it, the text typed meanwhile is its content and its own field carries on.
   */
  async addVariant(platform: string, account: AccountChoice): Promise<boolean> {
    const postId = this.post?.id;
    if (!postId || this.creating.has(postId)) return false;
    // A failed attempt's text is kept for the next one.
    const before = this.adding[postId];
    const empty = { start: 0, end: 0 };
    this.adding[postId] = before
      ? { ...before, platform, failed: false }
      : { platform, content: '', focused: false, selection: empty, failed: false };
    this.focus.request('content', null);
    const created = this.createVariant(postId, platform, account);
    this.creating.set(postId, created);
    try {
      return await created;
    } finally {
      this.creating.delete(postId);
    }
  }

  private async createVariant(postId: string, platform: string, account: AccountChoice): Promise<boolean> {
    try {
      const variant = await invoke('variants.create', { postId, platform, content: '', account });
      const typed = this.adding[postId];
      delete this.adding[postId];
      // Its field goes: a request for it that nobody took must not wait for the next one.
      this.focus.take('content', null);
      this.adoptVariant(variant);
      if (typed?.content) this.setContent(variant.id, typed.content);
      if (this.post?.id === postId) {
        this.activeVariantId = variant.id;
        if (typed?.focused) this.focus.request('content', variant.id, typed.selection);
      }
      this.clearError('addVariant');
      return true;
    } catch (error) {
      const typed = this.adding[postId];
      if (typed) typed.failed = true;
      if (this.post?.id === postId) this.setError('addVariant', errorMessage(error));
      return false;
    }
  }

  /** Gives up a variant that could not be added, and the text typed for it. */
  dropNewVariant(): void {
    const postId = this.post?.id;
    if (!postId || this.creating.has(postId)) return;
    delete this.adding[postId];
    this.clearError('addVariant');
  }

  /** Runs a variant action after writing pending text, showing any failure next to the variant. */
  async act(variantId: string, action: () => Promise<VariantView>): Promise<boolean> {
    await this.flush();
    try {
      this.adoptVariant(await action());
      this.clearError(variantId);
      return true;
    } catch (error) {
      this.setError(variantId, errorMessage(error));
      return false;
    }
  }

  setAccount(variantId: string, account: AccountChoice): Promise<boolean> {
    return this.act(variantId, () => invoke('variants.update', { id: variantId, account }));
  }

  /** `sendNowIfPast`: the user answered "send now instead" to a time already past. */
  schedule(variantId: string, at: string, sendNowIfPast = false): Promise<boolean> {
    const payload = sendNowIfPast ? { id: variantId, at, sendNowIfPast } : { id: variantId, at };
    return this.act(variantId, () => invoke('variants.schedule', payload));
  }

  /**
   * Add to queue: the variant goes to its account's next free posting slot (the core chooses it).
   * Answers where it went, or null when it did not (the reason is shown with the variant).
   */
  async addToQueue(variantId: string): Promise<{ scheduledAt: string; signOffExpected: boolean } | null> {
    await this.flush();
    try {
      const result = await invoke('planning.addToQueue', { variantIds: [variantId] });
      const refused = result.refused[0];
      if (refused) {
        this.setError(variantId, refused.reason);
        return null;
      }
      this.clearError(variantId);
      await this.refresh();
      return result.scheduled[0] ?? null;
    } catch (error) {
      this.setError(variantId, errorMessage(error));
      return null;
    }
  }

  unschedule(variantId: string): Promise<boolean> {
    return this.act(variantId, () => invoke('variants.unschedule', { id: variantId }));
  }

  publish(variantId: string): Promise<boolean> {
    return this.act(variantId, () => invoke('variants.publish', { id: variantId }));
  }

  resolvePublishUnknown(variantId: string, choice: 'publish_again' | 'keep_unpublished'): Promise<boolean> {
    return this.act(variantId, () => invoke('variants.resolvePublishUnknown', { id: variantId, choice }));
  }

  async resolveVariantConflict(
    variantId: string,
    choice: 'mine' | 'theirs' | 'edit',
    content?: string,
  ): Promise<boolean> {
    const ok = await this.act(variantId, () =>
      choice === 'edit'
        ? invoke('variants.resolveConflict', { id: variantId, choice, content })
        : invoke('variants.resolveConflict', { id: variantId, choice }),
    );
    if (ok) {
      const v = this.post?.variants.find((x) => x.id === variantId);
      if (v) this.contents[variantId] = v.content;
    }
    return ok;
  }

  async resolvePostConflict(choice: 'mine' | 'theirs' | 'edit', title?: string): Promise<boolean> {
    if (!this.post) return false;
    await this.flush();
    try {
      const post = await invoke(
        'posts.resolveConflict',
        choice === 'edit'
          ? { id: this.post.id, choice, title: title ?? this.title }
          : { id: this.post.id, choice },
      );
      this.post = post;
      this.title = post.title;
      this.clearError('post');
      this.pruneErrors();
      return true;
    } catch (error) {
      this.setError('post', errorMessage(error));
      return false;
    }
  }

  /**
   * Puts a version of the text whose history is open back: a new edit through the outbox (the
   * core keeps the text it replaces, and offers Undo).
   */
  async restoreVersion(version: number): Promise<boolean> {
    const target = this.history.target;
    if (target === null) return false;
    await this.flush();
    try {
      const post = await invoke('history.restore', { ...subjectOf(target), version });
      if (this.post?.id === post.id) this.adopt(post);
      await this.history.load();
      return true;
    } catch (error) {
      this.history.error = errorMessage(error);
      return false;
    }
  }

  /** A new post with this variant's text, on its platform and account; it opens. */
  async copyToNewPost(variantId: string): Promise<boolean> {
    await this.flush();
    try {
      const post = await invoke('variants.copyToNewPost', { id: variantId });
      await this.open(post.id);
      return true;
    } catch (error) {
      this.setError(variantId, errorMessage(error));
      return false;
    }
  }

  /** A failed operation of this variant, retried through the outbox. */
  async retry(variantId: string): Promise<void> {
    await this.#onFailedOp(variantId, 'outbox.retry');
  }

  /** A failed change of this variant, dropped: it shows what the service holds again. */
  async discard(variantId: string): Promise<void> {
    await this.#onFailedOp(variantId, 'outbox.discard');
  }

  /** The failed change of this variant, with the unsent text a discard of it would drop. */
  async failedChange(variantId: string): Promise<OutboxOpView | null> {
    try {
      return await this.#failedOp(variantId);
    } catch (error) {
      this.setError(variantId, errorMessage(error));
      return null;
    }
  }

  async #failedOp(variantId: string): Promise<OutboxOpView> {
    const ops = await invoke('outbox.list');
    const op = ops.find((o) => o.variantId === variantId && o.state === 'failed');
    if (!op) throw new Error('This variant has no failed change any more.');
    return op;
  }

  async #onFailedOp(variantId: string, command: 'outbox.retry' | 'outbox.discard'): Promise<void> {
    try {
      const op = await this.#failedOp(variantId);
      await invoke(command, { id: op.id });
      this.clearError(variantId);
      await this.refresh();
    } catch (error) {
      this.setError(variantId, errorMessage(error));
    }
  }
}
