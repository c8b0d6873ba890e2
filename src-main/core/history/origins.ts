// Where a version came from (its words are in src-preload/words/history.ts), and when a moment
// names a version already kept.
import type { VersionOrigin } from '@preload/bridge';
import { ORIGIN_WORDS } from '@preload/words/history';

export const VERSION_ORIGINS = Object.keys(ORIGIN_WORDS) as VersionOrigin[];

/**
 * A text identical to the newest version is not kept twice. When the newest was kept as typed
 * and this moment says more of it (the text a discard, a merge, a restore or a choice replaced,
 * or a change that never left), the newest takes the moment's origin instead.
 */
export function relabels(newest: VersionOrigin, incoming: VersionOrigin): boolean {
  return newest === 'typed' && incoming !== 'typed' && incoming !== 'service';
}
