// Where an item stands, in the words the window, the CLI and the tests share: a variant's state
// from its facts, and the post's from its own and its variants'. Pure functions.
import type { ItemState } from '../../../src-preload/bridge';
import { serviceState, type ServiceFacts } from './service-state';

export interface VariantStateFacts extends ServiceFacts {
  inLocalSpace: boolean;
  serverId: string | null;
  removed: boolean;
  conflict: boolean;
  publishUnknown: boolean;
  /** A create waits for the user to choose among look-alikes on the service. */
  needsUser: boolean;
  failed: boolean;
  openOps: boolean;
}

export const STATE_WORDS: Record<ItemState, string> = {
  local_only: 'Only on this computer',
  pending_sync: 'Waiting to sync',
  draft: 'Draft (synced)',
  scheduled: 'Scheduled',
  needs_approval: 'Waiting for sign-off',
  published: 'Published',
  failed: 'Failed',
  conflict: 'In conflict',
  removed: 'Removed on the service',
  publish_unknown: 'Publish outcome unknown',
  needs_user: 'Waiting for your choice in the outbox: adopt a look-alike or create anew',
  unknown_status: 'Unknown status',
};

/** Why a new post waits: the service keeps the title a post is created with (there is no rename). */
export const TITLE_NEEDED =
  'Give this post a title to sync it: the service keeps the title a post is created with.';

export function variantState(f: VariantStateFacts): { state: ItemState; text: string } {
  const pick = (state: ItemState) => ({ state, text: STATE_WORDS[state] });
  if (f.removed) return pick('removed');
  if (f.publishUnknown) return pick('publish_unknown');
  if (f.needsUser) return pick('needs_user');
  if (f.conflict) return pick('conflict');
  if (f.failed) return pick('failed');
  if (f.inLocalSpace) return pick('local_only');
  if (f.serverId === null || f.openOps) return pick('pending_sync');
  const s = serviceState(f);
  if (s === 'unknown_status')
    return { state: 'unknown_status', text: f.status ?? STATE_WORDS.unknown_status };
  return pick(s);
}

/** Most urgent first: the post shows the state that most needs the user's eye. */
const URGENCY: ItemState[] = [
  'conflict',
  'publish_unknown',
  'needs_user',
  'failed',
  'removed',
  'pending_sync',
  'local_only',
  'needs_approval',
  'unknown_status',
  'scheduled',
  'draft',
  'published',
];

export function postState(
  own: { state: ItemState; text: string },
  variants: Array<{ state: ItemState; text: string }>,
): { state: ItemState; text: string } {
  // A synced post's own `draft` says only that the service holds it: once it has variants,
  // theirs say where it stands (all published is Published, not Draft).
  const [first, ...rest] = own.state === 'draft' && variants.length > 0 ? variants : [own, ...variants];
  let best = first as { state: ItemState; text: string };
  for (const v of rest) if (URGENCY.indexOf(v.state) < URGENCY.indexOf(best.state)) best = v;
  return best;
}
