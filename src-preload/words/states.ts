// Where an item stands, in words: the short words of each state (a badge, a filter, a chip) and
// the longer ones (an item's `stateText`, a tooltip, the CLI's rows).
import { ITEM_STATES, type ItemState, type PostFilter } from '../bridge';

/** The short words of each state: a badge, a filter, a chip. */
export const STATE_LABELS: Record<ItemState, string> = {
  local_only: 'Local only',
  pending_sync: 'Pending sync',
  draft: 'Draft',
  scheduled: 'Scheduled',
  needs_approval: 'Waiting for sign-off',
  published: 'Published',
  failed: 'Failed',
  conflict: 'Conflict',
  removed: 'Removed on service',
  publish_unknown: 'Publish outcome unknown',
  needs_user: 'Needs your choice',
  unknown_status: 'Unknown status',
};

/** The longer words of each state (an item's `stateText`, a badge's tooltip, the CLI's rows). */
export const STATE_TEXT: Record<ItemState, string> = {
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

/**
 * The words for a badge: the fixed words of each state, so every screen says the same thing;
 * for `unknown_status` the service's own string, shown as it came (the spec names no others).
 */
export function stateLabel(state: string, stateText?: string | null): string {
  const text = stateText?.trim();
  if (state === 'unknown_status') return text || STATE_LABELS.unknown_status;
  if (Object.hasOwn(STATE_LABELS, state)) return STATE_LABELS[state as ItemState];
  // A state this build does not know: show what came rather than hide it.
  return text || state;
}

/** Which states want the user's attention: the colour and icon of a badge. */
export function stateTone(state: string): 'neutral' | 'progress' | 'good' | 'warn' | 'bad' {
  switch (state) {
    case 'published':
      return 'good';
    case 'scheduled':
    case 'needs_approval':
    case 'pending_sync':
      return 'progress';
    case 'failed':
    case 'removed':
      return 'bad';
    case 'conflict':
    case 'publish_unknown':
    case 'needs_user':
    case 'unknown_status':
      return 'warn';
    default:
      return 'neutral';
  }
}

/** The post list's state filters, in words. */
export const STATE_FILTERS: { value: PostFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...ITEM_STATES.filter((s) => s !== 'unknown_status').map((s) => ({ value: s, label: STATE_LABELS[s] })),
];

/** A post's note when its title changed after creation. */
export const TITLE_STAYS_LOCAL =
  'The new title is kept in Outpost only: the service offers no way to rename a post after it is created.';
