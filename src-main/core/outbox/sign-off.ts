// Sign-off foreseen: an account whose publish was answered "waiting for
// sign-off" is remembered, so the next send from it says so first; it is forgotten when one of
// its publishes is answered "published" straight away (the channel no longer asks). Only a
// publish's own answer can tell "straight away": a read that finds a variant published may
// have missed its wait for the approvers.
import type { ServiceVariant } from '../api/client';
import { isPublished, NEEDS_APPROVAL } from '../domain/service-state';
import { forgetSignOff, rememberSignOff } from '../store/sign-off-repository';
import { nowIso, type SyncContext } from '../store/unit-of-work';

/** Whatever showed the variant waiting for the approvers: a publish's answer, a read, an import. */
export async function noteWaitingForSignOff(
  ctx: SyncContext,
  postId: string,
  sv: ServiceVariant,
): Promise<void> {
  if (sv.status === NEEDS_APPROVAL && sv.social_profile_id !== null)
    await rememberSignOff(ctx.db, postId, sv.social_profile_id, nowIso(ctx));
}

/** The answer to a publish request (or the read-back of one). */
export async function notePublishAnswer(ctx: SyncContext, postId: string, sv: ServiceVariant): Promise<void> {
  if (sv.social_profile_id === null) return;
  if (sv.status === NEEDS_APPROVAL) await rememberSignOff(ctx.db, postId, sv.social_profile_id, nowIso(ctx));
  else if (isPublished(sv)) await forgetSignOff(ctx.db, postId, sv.social_profile_id);
}
