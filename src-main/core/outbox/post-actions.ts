// What the user can do with a whole post now, decided in one place (as item-actions.ts decides
// for a variant): PostDetail answers it, and the handlers refuse through the same function. The
// service offers no deletion and no move, so only a post that never reached it can be deleted or
// moved, and only while nothing of it may be on its way there (the op machine says, withdraw.ts).
import type { PostAction } from '@preload/bridge';
import type { PostRow, VariantRow } from '../store/schema';
import type { OpActionRow } from './item-actions';
import { withdrawalRefusal } from './withdraw';

export interface PostFacts {
  post: Pick<PostRow, 'server_id' | 'hidden_at'>;
  variants: ReadonlyArray<Pick<VariantRow, 'server_id'>>;
  /** The post's open ops, its variants' included. */
  ops: readonly OpActionRow[];
}

export const POST_ACTIONS: readonly PostAction[] = ['duplicate', 'delete', 'move', 'hide', 'show'];

const reachedService = (f: PostFacts): boolean =>
  f.post.server_id !== null || f.variants.some((v) => v.server_id !== null);

/** Why the core refuses `action` on the post now, or null when it accepts it. */
export function postRefusal(action: PostAction, f: PostFacts): string | null {
  switch (action) {
    case 'duplicate':
      return null;
    case 'delete':
      return reachedService(f)
        ? 'This post is on the service, which offers no way to delete it; you can hide it here instead.'
        : withdrawalRefusal(f.ops);
    case 'move':
      return reachedService(f)
        ? 'This post is on the service, which offers no way to move it; you can duplicate it into the other workspace instead.'
        : withdrawalRefusal(f.ops);
    case 'hide':
      return f.post.hidden_at === null ? null : 'It is hidden here already.';
    case 'show':
      return f.post.hidden_at === null ? 'It is not hidden here.' : null;
  }
}

export function postActions(f: PostFacts): PostAction[] {
  return POST_ACTIONS.filter((a) => postRefusal(a, f) === null);
}
