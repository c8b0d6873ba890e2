// What a variant allows right now, and why not when it does not. The window disables a
// control rather than let the core or the service refuse it, and says the reason next to it.
// Whether the core takes an action, and why not, is its own answer (VariantView.actions and
// .refusals, in the words of src-preload/words/refusals.ts); the window adds only what it
// alone knows: the text the user is still typing, and that a local draft is not scheduled here.
import type { ProfileView, VariantView } from '@preload/bridge';
import { guardAccount, guardLength } from '@preload/send-guards';
import { REFUSALS } from '@preload/words/refusals';

export interface VariantGuards {
  /** Why content, account and schedule cannot change now; null when they can. */
  locked: string | null;
  /** Why the time cannot be set or cleared now (locked, or a publish on its way); null when it can. */
  time: string | null;
  /** Why "Schedule" cannot be used now; null when it can. */
  schedule: string | null;
  /** Why "Publish now" cannot be used now; null when it can. */
  publish: string | null;
  published: boolean;
}

export function variantGuards(
  v: VariantView,
  facts: { inWorkspace: boolean; content: string; profiles?: ProfileView[] },
): VariantGuards {
  const locked = v.refusals.edit ?? null;
  const send =
    locked ??
    (facts.inWorkspace ? null : REFUSALS.needsWorkspace) ??
    v.refusals.schedule ??
    (facts.content.trim() === '' ? REFUSALS.needsContent : null) ??
    // The text as typed, before it is saved: the core refuses it in the same words once it is.
    refusal(guardLength(v.platform, facts.content, v.scheduledAt !== null)) ??
    (facts.profiles
      ? refusal(guardAccount(v.platform, v.account, facts.profiles, v.serviceAccountId))
      : null);
  return {
    locked,
    time: locked ?? v.refusals.unschedule ?? null,
    schedule: send,
    publish: send ?? v.refusals.publish ?? null,
    published: v.serviceState === 'published',
  };
}

function refusal(result: { ok: true } | { ok: false; message: string }): string | null {
  return result.ok ? null : result.message;
}

/** The account the service chose for "platform default", once it said which. */
export function chosenProfile(v: Pick<VariantView, 'account' | 'serviceAccountId'>, profiles: ProfileView[]) {
  const id = v.account.kind === 'profile' ? v.account.profileId : v.serviceAccountId;
  return id === null ? null : (profiles.find((p) => p.id === id) ?? null);
}
