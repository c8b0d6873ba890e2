// Putting a text or a change right: a version from the text's history restored (a new edit, which
// the core offers to undo), a failed change of a variant retried, or a change that has not
// reached the service (failed, or waiting to be sent) discarded.
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

  /** The failed change of this variant, retried through the outbox. */
  async retry(variantId: string): Promise<void> {
    await this.settle(variantId, 'outbox.retry');
  }

  /** The variant's change that has not reached the service, dropped: it shows what the service holds again. */
  async discard(variantId: string): Promise<void> {
    await this.settle(variantId, 'outbox.discard');
  }

  /** The variant's unsent change, as the open post shows it (its view names the op). */
  private async settle(variantId: string, command: 'outbox.retry' | 'outbox.discard'): Promise<void> {
    const { editor } = this;
    const change = editor.post?.variants.find((v) => v.id === variantId)?.unsentChange ?? null;
    try {
      if (change === null) throw new Error('This variant has no change waiting any more.');
      await invoke(command, { id: change.opId });
      editor.messages.clear(variantId);
      await editor.refresh();
    } catch (error) {
      editor.messages.set(variantId, errorMessage(error));
    }
  }
}
