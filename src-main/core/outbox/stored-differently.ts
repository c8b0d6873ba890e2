// A text the service stored in another form than the one sent (HTML-escaped, as CMS-backed
// services do): the record is the one asked for, so it is linked and not sent again. The
// service's form is kept as a version beside the text sent, and the log says what it stored.
import { ANSWER_WORDS } from '@preload/words/outbox';
import { keepVersion, type TextOf } from '../history/versions';
import { logDecision, type SyncContext } from '../store/unit-of-work';
import type { StoredAs } from './answer-check';
import { escapedPairs } from './text-forms';

/** The words for a text stored differently: what the service stored for what was sent. */
export function storedDifferentlyReason(storedAs: StoredAs): string {
  return ANSWER_WORDS.storedDifferently(escapedPairs(storedAs.stored));
}

export async function noteStoredDifferently(t: SyncContext, of: TextOf, storedAs: StoredAs): Promise<void> {
  await keepVersion(t, of, 'service', storedAs.stored);
  await logDecision(t, {
    action: 'answer_stored_differently',
    reason: storedDifferentlyReason(storedAs),
    postId: of.postId,
    variantId: of.variantId,
  });
}
