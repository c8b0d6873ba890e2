// Where a version of a text came from, in the words the History panel and the CLI show.
import type { VersionOrigin } from '../bridge';

export const ORIGIN_WORDS = {
  typed: 'typed here',
  service: 'from the service',
  before_discard: 'before discard',
  before_merge: 'before a merge',
  before_conflict_choice: 'before your choice in a conflict',
  before_restore: 'before a restore',
  not_sent_published: 'not sent: published before it could go',
} as const satisfies Record<VersionOrigin, string>;
