// Where a version came from, in the words the History panel and the CLI show.
import type { VersionOrigin } from '@preload/bridge';

export const ORIGIN_WORDS = {
  typed: 'typed here',
  service: 'from the service',
  before_discard: 'before discard',
  before_merge: 'before a merge',
  before_conflict_choice: 'before your choice in a conflict',
  before_restore: 'before a restore',
  not_sent_published: 'not sent: published before it could go',
} as const satisfies Record<VersionOrigin, string>;

export const VERSION_ORIGINS = Object.keys(ORIGIN_WORDS) as VersionOrigin[];

/**
 * A text identical to the newest version is not kept twice. When the newest was kept as typed
 * and this moment says more of it (the text a discard, a merge, a restore or a choice replaced,
 * or a change that never left), the newest takes the moment's origin instead.
 */
export function relabels(newest: VersionOrigin, incoming: VersionOrigin): boolean {
  return newest === 'typed' && incoming !== 'typed' && incoming !== 'service';
}
