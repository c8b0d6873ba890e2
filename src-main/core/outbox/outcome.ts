// Whether a request may have reached the service, decided here and nowhere else. Anything
// after a request left that is not a clean, recorded answer (a timeout, a reset, a 2xx cut
// short or not JSON, a 2xx about something else than what was sent, a 5xx, a local error while
// recording the answer) is an unknown outcome, resolved by reading back; only a failure that
// proves nothing was applied is anything else.
import { isServiceError } from '../api/errors';
import { OUTBOX_REASONS } from '@preload/words/outbox';
import { AnswerMismatch } from './answer-check';
import type { OpEvent } from './op-events';
import type { OpKind } from '../store/schema';
import { messageOf } from '../error-message';

/** Where the failure happened: sending the request, or recording its answer locally. */
export type Stage = 'request' | 'recording' | 'read_back';

export interface Timing {
  /** When to try again, from the service's Retry-After when it gave one. */
  retryAt(retryAfterMs: number | null): string;
}

export function judgeFailure(kind: OpKind, error: unknown, stage: Stage, timing: Timing): OpEvent {
  const message = messageOf(error);
  // The service answered, but not about what was sent (answer-check.ts): what it did is read back.
  if (error instanceof AnswerMismatch && stage !== 'read_back')
    return {
      type: 'outcome_unknown',
      reason: OUTBOX_REASONS.outcomeUnknown(message, kind === 'publish'),
      at: timing.retryAt(null),
    };
  if (stage === 'recording')
    return {
      type: 'outcome_unknown',
      reason: `The service answered, but Outpost could not record the answer (${message}); it will check with the service.`,
      at: timing.retryAt(null),
    };
  if (!isServiceError(error)) {
    // Nothing tells whether it left: the safe reading is that it may have.
    return stage === 'read_back'
      ? { type: 'read_back_failed', reason: OUTBOX_REASONS.checkFailed(message), at: timing.retryAt(null) }
      : {
          type: 'outcome_unknown',
          reason: OUTBOX_REASONS.outcomeUnknown(message, false),
          at: timing.retryAt(null),
        };
  }
  if (error.kind === 'auth' && error.status !== 403)
    return { type: 'token_refused', reason: `The service refused the token (${error.status ?? 'auth'}).` };
  // Whether a 403 or 404 concerns the item or its whole workspace is checked by the caller
  // against the workspace itself (workspace-access.ts) before it is applied.
  if (error.kind === 'auth')
    return {
      type: 'workspace_unavailable',
      reason: `The service does not allow this (403): ${error.serviceMessage ?? error.message}`,
    };
  if (error.kind === 'not_found')
    return { type: 'removed', reason: 'The service answered 404: the item was removed there.' };
  if (stage === 'read_back')
    return {
      type: 'read_back_failed',
      reason: OUTBOX_REASONS.checkFailed(message),
      at: timing.retryAt(error.retryAfterMs),
    };
  if (error.kind === 'validation' || error.kind === 'invalid_settings')
    return { type: 'refused', reason: error.serviceMessage ?? message };
  if (error.kind === 'rate_limited')
    return { type: 'retry_later', reason: message, at: timing.retryAt(error.retryAfterMs) };
  if (!error.mayHaveReachedService)
    return {
      type: 'never_sent',
      reason: `${message} Nothing was sent; it goes when the service can be reached.`,
    };
  return {
    type: 'outcome_unknown',
    reason: `${message} The outcome is unknown; it will be read back${kind === 'publish' ? ', never sent again by itself' : ''}.`,
    at: timing.retryAt(error.retryAfterMs),
  };
}
