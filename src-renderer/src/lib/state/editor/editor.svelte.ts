// The open post, and the editor's parts around it: what the fields show and its saving
// (`typing`), the messages next to each item (`messages`), the variant being added
// (`newVariants`), what is done with a variant (`actions`), conflicts (`conflicts`), restoring
// and failed changes (`recovery`), where the caret goes (`focus`) and the History panel
// (`history`). Every switch of what is shown (another post, another variant, a reload) passes
// through here.
import { SvelteMap } from 'svelte/reactivity';
import type { PostDetail, VariantView } from '@preload/bridge';
import { POST_GONE } from '@preload/words/errors';
import { BridgeError, errorMessage, invoke } from '../../bridge';
import { Conflicts } from './conflicts.svelte';
import { FocusRequests, type FocusRequest, type FocusTarget } from './focus-request.svelte';
import { applyKeys, type HeldKey } from './held-keys';
import { HistoryState } from './history.svelte';
import { ItemMessages } from './messages.svelte';
import { NewPost } from './new-post.svelte';
import { NewVariants } from './new-variants.svelte';
import type { OpenPost } from './open-post';
import { Recovery } from './recovery.svelte';
import { Typing } from './typing.svelte';
import { VariantActions } from './variant-actions.svelte';

/**
 * The field that takes the caret asked for when a post is opened: for 'content', the text of
 * its first variant (the one shown first), or its title when it has none.
 */
function fieldOf(post: PostDetail, caret: FocusTarget): { target: FocusTarget; variantId: string | null } {
  const first = caret === 'content' ? post.variants[0] : undefined;
  if (first !== undefined) return { target: 'content', variantId: first.id };
  return { target: caret === 'content' ? 'title' : caret, variantId: null };
}

export class EditorState implements OpenPost {
  post = $state<PostDetail | null>(null);
  activeVariantId = $state<string | null>(null);
  loadError = $state<string | null>(null);
  activeVariant = $derived(
    this.post?.variants.find((v) => v.id === this.activeVariantId) ?? this.post?.variants[0] ?? null,
  );

  readonly messages = new ItemMessages(() => this.post);
  readonly typing = new Typing(this);
  readonly focus = new FocusRequests();
  /** The versions of one of the open post's texts, when the History panel is open. */
  readonly history = new HistoryState();
  readonly newPost = new NewPost();
  readonly newVariants = new NewVariants(this);
  readonly actions = new VariantActions(this);
  readonly conflicts = new Conflicts(this);
  readonly recovery = new Recovery(this);
  private openSequence = 0;
  /**
   * The post New post made here, while it is open: left with nothing put in it, it goes
   * (posts.dropIfUntouched), as an empty draft does in a mail app.
   */
  private madeEmpty: string | null = null;

  /**
   * Shows another post; `caret`: the field that takes the caret once it is shown ('content':
   * the text of the variant shown, or the title when it has none). Keys typed while it loads
   * are held and typed there.
   */
  async open(id: string, caret: FocusTarget | null = null): Promise<void> {
    this.newPost.end();
    const mine = this.leave();
    if (caret !== null) this.focus.holdKeys();
    await this.flush();
    // Another post opened: a title typed in the one left is finished.
    void this.typing.settleTitles();
    try {
      const post = await invoke('posts.get', { id });
      if (mine !== this.openSequence) return this.typeLeftBehind(mine, post, caret);
      this.show(post);
      const field = caret === null ? null : fieldOf(post, caret);
      if (field !== null) this.focus.request(field.target, field.variantId, 'end');
    } catch (error) {
      this.heldForOpen.delete(mine);
      if (mine !== this.openSequence) return;
      this.focus.drop();
      const gone = error instanceof BridgeError && error.code === 'not_found';
      this.loadError = gone ? POST_GONE : errorMessage(error);
    }
  }

  /**
   * Makes a post (`make` answers its id) and opens it, its title field shown at once with
   * `shown` and the caret after it: what is typed before the core has made it goes to its
   * title, never to the post left behind. Answers why it was not made, or null. `emptyGoes`:
   * New post's, which goes if it is left with nothing put in it.
   */
  async openNew(make: () => Promise<string>, shown = '', emptyGoes = false): Promise<string | null> {
    const mine = this.leave();
    const typed = this.newPost.begin(shown);
    this.focus.request('title', null, typed.selection);
    const leftBehind = async (id: string): Promise<null> => {
      if (emptyGoes && !this.newPost.typedIn(typed)) void this.dropIfEmpty(id);
      else await this.newPost.leftBehind(id, typed);
      return null;
    };
    try {
      await this.flush();
      void this.typing.settleTitles();
      const id = await make();
      if (mine !== this.openSequence) return leftBehind(id);
      const post = await invoke('posts.get', { id });
      if (mine !== this.openSequence) return leftBehind(id);
      // Its field goes: a request for it that nobody took must not wait for the next one.
      this.focus.take('title');
      this.show(post);
      if (emptyGoes) this.madeEmpty = post.id;
      // Typed with the caret still there: the title is being typed; else it is finished.
      if (this.newPost.typedIn(typed) && typed.focused) this.typing.typeTitle(typed.title);
      else if (this.newPost.typedIn(typed)) this.typing.setTitle(typed.title);
      if (typed.focused) this.focus.request('title', null, typed.selection);
      return null;
    } catch (error) {
      // Nothing typed: the post left behind shows again, the reason with it.
      if (mine === this.openSequence && this.newPost.typedIn(typed)) typed.failed = true;
      else if (mine === this.openSequence) this.newPost.end();
      return errorMessage(error);
    }
  }

  /**
   * What is shown now is left: answers the number of the switch that follows. Keys held for a
   * field of what is left are typed into its text all the same: into the field asked for, if its
   * post is shown, or else once the post being opened comes (typeLeftBehind).
   */
  private leave(): number {
    const asked = this.focus.current;
    const keys = this.focus.drop();
    if (keys.length > 0 && asked !== null && this.post !== null) this.typeIntoAsked(asked, keys);
    else if (keys.length > 0) this.heldForOpen.set(this.openSequence, keys);
    this.history.close();
    return ++this.openSequence;
  }

  /**
   * Another post is shown (or none): the one New post made, if it was shown until now, is left.
   * Only once the switch has shown it: a switch that fails shows the post left again.
   */
  private leftEmpty(shown: string | null): void {
    const left = this.madeEmpty;
    if (left === null || left === shown) return;
    this.madeEmpty = null;
    void this.dropIfEmpty(left);
  }

  /**
   * A post New post made, left: it goes if nothing was put in it. Asked once every save of it
   * has been answered (the keys typed into it during the switch too), so the core's check comes
   * after the last title typed in it.
   */
  private async dropIfEmpty(postId: string): Promise<void> {
    await this.flush();
    // A title not saved yet (held back, refused) or a variant still being added keeps it.
    if (this.typing.titleToSave(postId) || this.newVariants.of(postId) !== undefined) return;
    try {
      await invoke('posts.dropIfUntouched', { id: postId });
    } catch {
      // Deleted meanwhile, or the core could not be asked: it stays, as any post does.
    }
  }

  /** The window goes to another view: a post New post made, still empty, is closed, and goes. */
  closeIfEmptyNew(): void {
    const post = this.post;
    if (post === null || post.id !== this.madeEmpty) return;
    if (this.typing.title === '' && post.variants.length === 0) this.close();
  }

  /**
   * The window is going (closed, reloaded): the post New post made, if it is shown and nothing
   * was put in it, typed or on its way, is handed over to go: answers its id, once; else null.
   * Nothing can be awaited as a page goes, so anything still to be saved keeps it.
   */
  leaveEmptyNew(): string | null {
    const post = this.post;
    if (post === null || post.id !== this.madeEmpty) return null;
    if (this.typing.title !== '' || post.variants.length > 0 || this.focus.keysHeld > 0) return null;
    if (this.typing.titleToSave(post.id) || this.newVariants.of(post.id) !== undefined) return null;
    this.madeEmpty = null;
    return post.id;
  }

  /**
   * Keys typed while a post was opening, by the number of its switch, when it was left before it
   * came. Reactive for `unsaved`: they are in no text yet.
   */
  private readonly heldForOpen = new SvelteMap<number, HeldKey[]>();

  /**
   * Whether anything typed is not written yet: a text waiting to be saved, or keys held for a
   * field still loading (they are in no text yet). The editor says "Saving…" meanwhile.
   */
  get unsaved(): boolean {
    return this.typing.unsaved || this.focus.keysHeld > 0 || this.heldForOpen.size > 0;
  }

  private typeIntoAsked(asked: FocusRequest, keys: HeldKey[]): void {
    if (asked.target === 'title') this.typing.setTitle(applyKeys(this.typing.title, keys, false));
    else if (asked.target === 'content' && asked.variantId !== null) {
      const text = this.typing.contents[asked.variantId] ?? '';
      this.typing.setContent(asked.variantId, applyKeys(text, keys, true));
    }
  }

  /**
   * A post opened with the caret asked for in it, left before it came: the keys typed for it go
   * into the text the caret was for (its first variant's, else its title), saved as typing is.
   */
  private typeLeftBehind(sequence: number, post: PostDetail, caret: FocusTarget | null): void {
    const keys = this.heldForOpen.get(sequence);
    this.heldForOpen.delete(sequence);
    if (keys === undefined || caret === null || caret === 'schedule') return;
    const variant = post.variants.find((v) => v.id === fieldOf(post, caret).variantId);
    if (variant !== undefined) this.typing.setContent(variant.id, applyKeys(variant.content, keys, true));
    // Its title is saved as any title is, kept by its post (this one is no longer open).
    else this.typing.setTitle(applyKeys(post.title, keys, false), post.id);
  }

  private show(post: PostDetail): void {
    this.newPost.end();
    this.messages.clearAll();
    this.loadError = null;
    this.post = post;
    this.leftEmpty(post.id);
    this.typing.showPost(post);
    this.activeVariantId = post.variants[0]?.id ?? null;
  }

  close(): void {
    void this.titleDone();
    this.newPost.end();
    this.leave();
    this.post = null;
    this.activeVariantId = null;
    this.leftEmpty(null);
  }

  /** Reloads the open post after an `itemChanged` event, keeping text the user is still typing. */
  async refresh(): Promise<void> {
    const id = this.post?.id;
    if (!id) return;
    const mine = this.openSequence;
    // What is typed while the core answers is newer than its answer.
    const readAt = this.typing.mark();
    try {
      const post = await invoke('posts.get', { id });
      if (mine !== this.openSequence || this.post?.id !== id) return;
      this.messages.clear('refresh');
      this.adopt(post, readAt);
    } catch (error) {
      if (mine !== this.openSequence) return;
      // Deleted meanwhile (picked in the list with others, say): there is nothing left to show.
      if (error instanceof BridgeError && error.code === 'not_found') this.close();
      else this.messages.set('refresh', errorMessage(error));
    }
  }

  /**
   * The person is done with the title (left its field, pressed Enter, went to another view):
   * it is saved, and a new post's create may go. `windowLeft`: the field lost the caret only
   * because the window did; the caret is still in it on coming back, so it is not finished.
   */
  async titleDone(windowLeft = false): Promise<void> {
    // Settled at once (it saves the title first): a sync asked for next waits for it.
    await Promise.all([this.flush(), windowLeft ? null : this.typing.settleTitles()]);
  }

  /** Writes every pending edit now (the text of a variant still being added once it exists). */
  async flush(): Promise<void> {
    await this.newVariants.created();
    await this.typing.flush();
  }

  /** Shows another variant; typing in the text shown carries on in the new one's text. */
  selectVariant(id: string): void {
    const from = this.activeVariant?.id ?? null;
    const typing = this.focus.caretIn('content', from);
    void this.flush();
    this.focus.drop();
    this.activeVariantId = id;
    if (!typing || id === from) return;
    this.focus.holdKeys();
    this.focus.request('content', id, 'end');
  }

  stepVariant(delta: 1 | -1): void {
    const variants = this.post?.variants ?? [];
    if (variants.length < 2) return;
    const index = variants.findIndex((v) => v.id === this.activeVariant?.id);
    const next = variants[(index + delta + variants.length) % variants.length];
    if (next) this.selectVariant(next.id);
  }

  /** The core's post taken in; `readAt`: the typing's `mark()` when it was read. */
  adopt(post: PostDetail, readAt?: number): void {
    this.post = post;
    this.typing.followPost(post, readAt);
    if (!post.variants.some((v) => v.id === this.activeVariantId)) {
      this.activeVariantId = post.variants[0]?.id ?? null;
    }
    this.messages.prune();
  }

  adoptVariant(variant: VariantView): void {
    if (!this.post || this.post.id !== variant.postId) return;
    const variants = this.post.variants.map((v) => (v.id === variant.id ? variant : v));
    if (!variants.some((v) => v.id === variant.id)) variants.push(variant);
    this.post = { ...this.post, variants };
    this.typing.followVariant(variant);
    this.messages.prune();
  }

  /** A saved title's answer: the post's own fields (its variants are the ones shown). */
  adoptPostFields(post: PostDetail): void {
    if (!this.post) return;
    this.post = { ...post, variants: this.post.variants.length ? this.post.variants : post.variants };
    this.typing.followTitle(post.title);
    this.messages.prune();
  }

  async act(variantId: string, action: () => Promise<VariantView>): Promise<boolean> {
    await this.flush();
    try {
      this.adoptVariant(await action());
      this.messages.clear(variantId);
      return true;
    } catch (error) {
      this.messages.set(variantId, errorMessage(error));
      return false;
    }
  }
}
