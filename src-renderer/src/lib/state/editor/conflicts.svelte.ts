// A field that changed both here and on the service: the person keeps theirs, takes the
// service's, or writes one text from both. For the post's title and for a variant's text alike.
import { errorMessage, invoke } from '../../bridge';
import type { OpenPost } from './open-post';

export type ConflictChoice = 'mine' | 'theirs' | 'edit';

type Editor = Pick<OpenPost, 'post' | 'flush' | 'act' | 'adopt' | 'typing' | 'messages'>;

export class Conflicts {
  private readonly editor: Editor;

  constructor(editor: Editor) {
    this.editor = editor;
  }

  /** `content`: the text written from both, for `edit`. */
  async resolveVariant(variantId: string, choice: ConflictChoice, content?: string): Promise<boolean> {
    const { editor } = this;
    const ok = await editor.act(variantId, () =>
      choice === 'edit'
        ? invoke('variants.resolveConflict', { id: variantId, choice, content })
        : invoke('variants.resolveConflict', { id: variantId, choice }),
    );
    const resolved = ok ? editor.post?.variants.find((v) => v.id === variantId) : undefined;
    // The field shows the text kept, whatever it showed before.
    if (resolved) editor.typing.replaceContent(variantId, resolved.content);
    return ok;
  }

  /** `title`: the title written from both, for `edit` (the field's text when none is given). */
  async resolvePost(choice: ConflictChoice, title?: string): Promise<boolean> {
    const { editor } = this;
    const id = editor.post?.id;
    if (!id) return false;
    await editor.flush();
    try {
      const post = await invoke(
        'posts.resolveConflict',
        choice === 'edit' ? { id, choice, title: title ?? editor.typing.title } : { id, choice },
      );
      editor.messages.clear('post');
      editor.adopt(post);
      editor.typing.replaceTitle(post.title);
      return true;
    } catch (error) {
      editor.messages.set('post', errorMessage(error));
      return false;
    }
  }
}
