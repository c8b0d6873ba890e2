// "Add variant": the new variant's text field is on screen at once, with the caret, so typing
// never waits for the core; the text goes to the variant once it exists, and its own field
// carries on from where the caret was. Several variants from one text (the composer) are made
// in one command, and the caret goes to the first one's text.
import type { AccountChoice, CommandPayload } from '@preload/bridge';
import { errorMessage, invoke } from '../../bridge';
import type { OpenPost } from './open-post';

/** A variant being added, typed into before the core has created it. */
export interface NewVariant {
  platform: string;
  content: string;
  /** Whether the field has the caret, and where: the variant's own field carries on from there. */
  focused: boolean;
  selection: { start: number; end: number };
  /** The core refused it (the reason is shown by "Add variant"); the text stays until added or dropped. */
  failed: boolean;
}

type Editor = Pick<OpenPost, 'post' | 'activeVariantId' | 'typing' | 'messages' | 'focus' | 'adoptVariant'>;

export class NewVariants {
  /** Per post: the variant being added to it, if any. */
  private pending = $state<Record<string, NewVariant>>({});
  /** Per post: the create of its new variant, while on its way. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not view state
  private readonly creating = new Map<string, Promise<boolean>>();
  private readonly editor: Editor;

  constructor(editor: Editor) {
    this.editor = editor;
  }

  /** The variant being added to this post, if any; its fields are typed into directly. */
  of(postId: string): NewVariant | undefined {
    return this.pending[postId];
  }

  /** Settles once every variant on its way exists (or was refused), its text handed on. */
  async created(): Promise<void> {
    await Promise.all(this.creating.values());
  }

  /** Adds a variant to the open post; answers whether the core created it. */
  async add(platform: string, account: AccountChoice): Promise<boolean> {
    const postId = this.editor.post?.id;
    if (!postId || this.creating.has(postId)) return false;
    // A failed attempt's text is kept for the next one.
    const before = this.pending[postId];
    this.pending[postId] = before
      ? { ...before, platform, failed: false }
      : { platform, content: '', focused: false, selection: { start: 0, end: 0 }, failed: false };
    this.editor.focus.request('content', null);
    const created = this.create(postId, platform, account);
    this.creating.set(postId, created);
    try {
      return await created;
    } finally {
      this.creating.delete(postId);
    }
  }

  /**
   * A variant per target, each starting from `content`, in one command; the first is selected
   * with the caret at the end of its text. Answers whether the core made them (else the reason
   * is shown by "Add variant").
   */
  async addMany(
    content: string,
    targets: CommandPayload<'variants.createMany'>['targets'],
  ): Promise<boolean> {
    const postId = this.editor.post?.id;
    if (!postId || this.creating.has(postId) || targets.length === 0) return false;
    const made = this.createMany(postId, content, targets);
    this.creating.set(postId, made);
    try {
      return await made;
    } finally {
      this.creating.delete(postId);
    }
  }

  private async createMany(
    postId: string,
    content: string,
    targets: CommandPayload<'variants.createMany'>['targets'],
  ): Promise<boolean> {
    const { editor } = this;
    try {
      const variants = await invoke('variants.createMany', { postId, content, targets });
      for (const variant of variants) editor.adoptVariant(variant);
      const [first] = variants;
      if (first && editor.post?.id === postId) {
        editor.activeVariantId = first.id;
        editor.focus.request('content', first.id, 'end');
      }
      editor.messages.clear('addVariant');
      return true;
    } catch (error) {
      if (editor.post?.id === postId) editor.messages.set('addVariant', errorMessage(error));
      return false;
    }
  }

  /** Gives up a variant that could not be added, and the text typed for it. */
  drop(): void {
    const postId = this.editor.post?.id;
    if (!postId || this.creating.has(postId)) return;
    delete this.pending[postId];
    this.editor.messages.clear('addVariant');
  }

  private async create(postId: string, platform: string, account: AccountChoice): Promise<boolean> {
    const { editor } = this;
    try {
      const variant = await invoke('variants.create', { postId, platform, content: '', account });
      const typed = this.pending[postId];
      delete this.pending[postId];
      // Its field goes: a request for it that nobody took must not wait for the next one.
      editor.focus.take('content', null);
      editor.adoptVariant(variant);
      if (typed?.content) editor.typing.setContent(variant.id, typed.content);
      if (editor.post?.id === postId) {
        editor.activeVariantId = variant.id;
        if (typed?.focused) editor.focus.request('content', variant.id, typed.selection);
      }
      editor.messages.clear('addVariant');
      return true;
    } catch (error) {
      const typed = this.pending[postId];
      if (typed) typed.failed = true;
      if (editor.post?.id === postId) editor.messages.set('addVariant', errorMessage(error));
      return false;
    }
  }
}
