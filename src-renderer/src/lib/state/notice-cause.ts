// A notice that asks for the user goes away once its cause has: a conflict resolved, a failure
// retried or discarded, an unknown publish decided.
import { NEEDS_ATTENTION, type OutpostNotification, type PostDetail, type SyncStatus } from '@preload/bridge';

/** Whether the post still shows what the notice was about (a variant's, or the post's own). */
export function causeRemains(
  notice: { kind: string; variantId: OutpostNotification['variantId'] },
  post: PostDetail,
): boolean {
  if (notice.kind !== 'needs_user') return true;
  if (notice.variantId !== null) {
    const v = post.variants.find((x) => x.id === notice.variantId);
    return v !== undefined && NEEDS_ATTENTION.has(v.state);
  }
  return NEEDS_ATTENTION.has(post.state) || post.variants.some((v) => NEEDS_ATTENTION.has(v.state));
}

/** Nothing waits on the user any more: every "needs you" notice can go. */
export function nothingNeedsUser(status: SyncStatus): boolean {
  return status.needsAttention === 0 && status.conflicts === 0 && status.failed === 0;
}

/**
 * Whether a sync status says a notice's cause has ended. A sync paused for a token rests at
 * `needs_token` (a run in between says `syncing`); any other phase means a token was given or
 * the pause is over, and a later refusal says so again.
 */
export function endedBy(
  notice: { kind: string; cause?: OutpostNotification['cause'] },
  status: SyncStatus,
): boolean {
  if (notice.cause === 'needs_token') return status.phase !== 'needs_token' && status.phase !== 'syncing';
  return notice.kind === 'needs_user' && nothingNeedsUser(status);
}
