// Every item state in words (design.md section 1, promise 3). The core sends `stateText`
// too; the window uses these words for filters and as the fallback when the text is empty.
import type { ItemState, PostFilter } from '../../../src-preload/bridge';

export const STATE_WORDS: Record<ItemState, string> = {
  local_only: 'Local only',
  pending_sync: 'Pending sync',
  draft: 'Draft',
  scheduled: 'Scheduled',
  needs_approval: 'Needs approval',
  published: 'Published',
  failed: 'Failed',
  conflict: 'Conflict',
  removed: 'Removed on service',
  publish_unknown: 'Publish outcome unknown',
  needs_user: 'Needs your choice',
  unknown_status: 'Unknown status',
};

/**
 * The words for a badge: the fixed words of each state, so every screen says the same thing;
 * for `unknown_status` the service's own string, shown as it came. (The core's longer
 * `stateText` goes in the badge's tooltip.)
 */
export function stateLabel(state: string, stateText?: string | null): string {
  const text = stateText?.trim();
  if (state === 'unknown_status') return text || 'Unknown status';
  if (state in STATE_WORDS) return STATE_WORDS[state as ItemState];
  // A state this build does not know: show what came rather than hide it.
  return text || state;
}

/** Which states want the user's attention (colour and icon of the badge). */
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

export const FILTERS: { value: PostFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...(Object.keys(STATE_WORDS) as ItemState[])
    .filter((s) => s !== 'unknown_status')
    .map((s) => ({ value: s, label: STATE_WORDS[s] })),
];
