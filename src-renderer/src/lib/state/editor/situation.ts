// A message next to an item stays while the facts that caused it stand, and goes when they
// change: "Move this draft to a workspace" leaves once the draft is in one, "Choose an
// account" once an account is chosen. These are those facts, as one comparable string.
import type { PostDetail } from '@preload/bridge';

/** Keys of messages about the post as a whole; any other key is a variant id. */
const POST_KEYS = new Set(['post', 'addVariant', 'refresh']);

/** The facts a message about `key` depends on, or null when there is no such item open. */
export function situationOf(post: PostDetail | null, key: string): string | null {
  if (!post) return null;
  if (POST_KEYS.has(key)) return [post.id, post.workspace, post.serverId, post.state].join('|');
  const v = post.variants.find((x) => x.id === key);
  if (!v) return null;
  const account = v.account.kind === 'profile' ? `profile:${v.account.profileId}` : v.account.kind;
  return [
    post.workspace,
    v.state,
    v.serviceStatus,
    account,
    v.scheduledAt,
    v.platformPostUrl,
    v.publishUnknown ? 'unknown' : '',
  ].join('|');
}
