// Every item state on screen: its words (from the one words module, src-preload/words.ts), the
// tone of its badge, and the state filters. The core sends `stateText` too; the window shows
// these short words on badges and the longer text in their tooltips.
import type { ItemState, PostFilter } from '@preload/bridge';
import { STATE_LABELS, stateLabel } from '@preload/words';

export { stateLabel };
export const STATE_WORDS = STATE_LABELS;

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
