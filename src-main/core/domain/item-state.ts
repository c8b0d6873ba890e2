// Where an item stands: a variant's state from its facts, and the post's from its own and its
// variants'. Pure functions; the words for each state live with every other word Outpost says.
import type { ItemState } from '@preload/bridge';
import { STATE_TEXT } from '@preload/words/states';
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

export function variantState(f: VariantStateFacts): { state: ItemState; text: string } {
  const pick = (state: ItemState) => ({ state, text: STATE_TEXT[state] });
  if (f.removed) return pick('removed');
  if (f.publishUnknown) return pick('publish_unknown');
  if (f.needsUser) return pick('needs_user');
  if (f.conflict) return pick('conflict');
  if (f.failed) return pick('failed');
  if (f.inLocalSpace) return pick('local_only');
  if (f.serverId === null || f.openOps) return pick('pending_sync');
  const s = serviceState(f);
  if (s === 'unknown_status') return { state: 'unknown_status', text: f.status ?? STATE_TEXT.unknown_status };
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
