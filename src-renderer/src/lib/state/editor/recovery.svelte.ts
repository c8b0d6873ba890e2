// Putting a text or a change right: a version from the text's history restored (a new edit, which
// the core offers to undo), a failed change of a variant retried or discarded.
import type { OutboxOpView } from '../../../../../src-preload/bridge';
import { errorMessage, invoke } from '../../bridge';
import { subjectOf } from './history.svelte';
import type { OpenPost } from './open-post';

type Editor = Pick<OpenPost, 'post' | 'flush' | 'history' | 'adopt' | 'messages' | 'refresh'>;

export class Recovery {
  private readonly editor: Editor;

  constructor(editor: Editor) {
    this.editor = editor;
  }

  /** Puts back a version of the text whose history is open. */
  async restoreVersion(version: number): Promise<boolean> {
    const { editor } = this;
    const target = editor.history.target;
    if (target === null) return false;
    await editor.flush();
    try {
      const post = await invoke('history.restore', { ...subjectOf(target), version });
      if (editor.post?.id === post.id) editor.adopt(post);
      await editor.history.load();
      return true;
    } catch (error) {
      editor.history.error = errorMessage(error);
      return false;
    }
  }

  /** A failed operation of this variant, retried through the outbox. */
  async retry(variantId: string): Promise<void> {
    await this.onFailedOp(variantId, 'outbox.retry');
  }

  /** A failed change of this variant, dropped: it shows what the service holds again. */
  async discard(variantId: string): Promise<void> {
    await this.onFailedOp(variantId, 'outbox.discard');
  }

  /** The failed change of this variant, with the unsent text a discard of it would drop. */
  async failedChange(variantId: string): Promise<OutboxOpView | null> {
    try {
      return await this.failedOp(variantId);
    } catch (error) {
      this.editor.messages.set(variantId, errorMessage(error));
      return null;
    }
  }

  private async failedOp(variantId: string): Promise<OutboxOpView> {
    const ops = await invoke('outbox.list');
    const op = ops.find((o) => o.variantId === variantId && o.state === 'failed');
    if (!op) throw new Error('This variant has no failed change any more.');
    return op;
  }

  private async onFailedOp(variantId: string, command: 'outbox.retry' | 'outbox.discard'): Promise<void> {
    try {
      const op = await this.failedOp(variantId);
      await invoke(command, { id: op.id });
      this.editor.messages.clear(variantId);
      await this.editor.refresh();
    } catch (error) {
      this.editor.messages.set(variantId, errorMessage(error));
    }
  }
}
