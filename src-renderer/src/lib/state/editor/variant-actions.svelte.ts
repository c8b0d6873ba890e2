// What a person does with one variant of the open post besides typing: choose its account,
// schedule it (or add it to its account's queue), unschedule, publish, decide a publish of
// unknown outcome, copy it to a new post. Each writes pending text first and shows a failure
// next to the variant.
import type { AccountChoice, BulkReport } from '@preload/bridge';
import { copyToNewPostTitle } from '@preload/words/undo';
import { errorMessage, invoke } from '../../bridge';
import type { OpenPost } from './open-post';

type Editor = Pick<OpenPost, 'post' | 'typing' | 'flush' | 'act' | 'messages' | 'refresh' | 'openNew'>;

export class VariantActions {
  /**
   * Per post started from the calendar: the time it was started for (ISO). Each of its variants
   * without a time has it filled in; Schedule sends it, with every check a typed time gets.
   */
  planned = $state<Record<string, string>>({});
  private readonly editor: Editor;

  constructor(editor: Editor) {
    this.editor = editor;
  }

  setAccount(variantId: string, account: AccountChoice): Promise<boolean> {
    return this.editor.act(variantId, () => invoke('variants.update', { id: variantId, account }));
  }

  /** `sendNowIfPast`: the user answered "send now instead" to a time already past. */
  schedule(variantId: string, at: string, sendNowIfPast = false): Promise<boolean> {
    const payload = sendNowIfPast ? { id: variantId, at, sendNowIfPast } : { id: variantId, at };
    return this.editor.act(variantId, () => invoke('variants.schedule', payload));
  }

  /**
   * Add to queue: the variant goes to its account's next free posting slot (the core chooses it).
   * Answers where it went, or null when it did not (the reason is shown with the variant).
   */
  async addToQueue(variantId: string): Promise<{ scheduledAt: string; signOffExpected: boolean } | null> {
    const { editor } = this;
    await editor.flush();
    try {
      const result = await invoke('planning.addToQueue', { variantIds: [variantId] });
      const refused = result.refused[0];
      if (refused) {
        editor.messages.set(variantId, refused.reason);
        return null;
      }
      editor.messages.clear(variantId);
      await editor.refresh();
      return result.scheduled[0] ?? null;
    } catch (error) {
      editor.messages.set(variantId, errorMessage(error));
      return null;
    }
  }

  /**
   * "Schedule all" (`at`) or "Add all to queue" (no time) for the open post's variants: one
   * command, each variant checked on its own, one undo. Answers the report, or the reason
   * nothing was done.
   */
  async wholePost(variantIds: string[], at: string | null): Promise<BulkReport | string> {
    const { editor } = this;
    await editor.flush();
    try {
      const report =
        at === null
          ? await invoke('planning.addToQueue', { variantIds })
          : await invoke('planning.scheduleMany', { variantIds, at });
      await editor.refresh();
      return report;
    } catch (error) {
      return errorMessage(error);
    }
  }

  unschedule(variantId: string): Promise<boolean> {
    return this.editor.act(variantId, () => invoke('variants.unschedule', { id: variantId }));
  }

  publish(variantId: string): Promise<boolean> {
    return this.editor.act(variantId, () => invoke('variants.publish', { id: variantId }));
  }

  resolvePublishUnknown(variantId: string, choice: 'publish_again' | 'keep_unpublished'): Promise<boolean> {
    return this.editor.act(variantId, () =>
      invoke('variants.resolvePublishUnknown', { id: variantId, choice }),
    );
  }

  /** A new post with this variant's text, on its platform and account; it opens, its title typed into at once. */
  async copyToNewPost(variantId: string): Promise<boolean> {
    const { editor } = this;
    const error = await editor.openNew(
      async () => (await invoke('variants.copyToNewPost', { id: variantId })).id,
      copyToNewPostTitle(editor.typing.title),
    );
    if (error !== null) editor.messages.set(variantId, error);
    return error === null;
  }
}
