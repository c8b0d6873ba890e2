// What the user can do with a whole post now, decided in one place (as item-actions.ts decides
// for a variant): PostDetail answers it, and the handlers refuse through the same function. The
// service offers no deletion and no move, so only a post that never reached it can be deleted or
// moved, and only while nothing of it may be on its way there (the op machine says, withdraw.ts).
import type { PostAction } from '@preload/bridge';
import { REFUSALS } from '@preload/words/refusals';
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
      return reachedService(f) ? REFUSALS.postOnServiceDelete : withdrawalRefusal(f.ops);
    case 'move':
      return reachedService(f) ? REFUSALS.postOnServiceMove : withdrawalRefusal(f.ops);
    case 'hide':
      return f.post.hidden_at === null ? null : REFUSALS.alreadyHidden;
    case 'show':
      return f.post.hidden_at === null ? REFUSALS.notHidden : null;
  }
}

/** Every action the core accepts on the post now, and why it refuses each of the others. */
export function postActions(f: PostFacts): {
  actions: PostAction[];
  refusals: Partial<Record<PostAction, string>>;
} {
  const actions: PostAction[] = [];
  const refusals: Partial<Record<PostAction, string>> = {};
  for (const action of POST_ACTIONS) {
    const why = postRefusal(action, f);
    if (why === null) actions.push(action);
    else refusals[action] = why;
  }
  return { actions, refusals };
}
