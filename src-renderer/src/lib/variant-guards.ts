// What a variant allows right now, and why not when it does not. The window disables a
// control rather than let the core or the service refuse it, and says the reason in words
// next to it. Whether the core takes an action is its own answer (VariantView.actions); the
// guards here add the words, and the checks of text the user is still typing.
import type { AccountChoice, ProfileView, VariantView } from '@preload/bridge';
import { guardAccount, guardLength } from '@preload/send-guards';

export const LOCKED_FOR_APPROVAL =
  "Waiting for the channel's approvers: changes are locked until they decide.";
export const LOCKED_PUBLISHED = 'Published: this variant can no longer change.';
export const LOCKED_REMOVED = 'Removed on the service. Your copy is kept here, but it can no longer be sent.';
export const NEEDS_WORKSPACE =
  'Move this draft to a workspace first: local drafts cannot be scheduled or published.';
export const NEEDS_ACCOUNT =
  'Choose an account first: a variant needs a connected posting account to be scheduled or published.';
export const NEEDS_CONTENT = 'Write the content first: the service will not send an empty variant.';
export const DECIDE_UNKNOWN = 'Decide on the earlier publish first (see “Publish outcome unknown”).';
export const PUBLISH_ON_ITS_WAY = 'A publish of this variant is already on its way.';

export interface VariantGuards {
  /** Why content, account and schedule cannot change now; null when they can. */
  locked: string | null;
  /** Why "Schedule" cannot be used now; null when it can. */
  schedule: string | null;
  /** Why "Publish now" cannot be used now; null when it can. */
  publish: string | null;
  published: boolean;
}

/** Published as the core decides it: a link, or the service saying so. */
export function isPublished(v: Pick<VariantView, 'state' | 'platformPostUrl' | 'serviceStatus'>): boolean {
  return v.state === 'published' || !!v.platformPostUrl || v.serviceStatus === 'published';
}

/** Waiting for sign-off, even while a local state (pending, failed) is shown on top of it. */
export function isWaitingForApproval(
  v: Pick<VariantView, 'state' | 'platformPostUrl' | 'serviceStatus'>,
): boolean {
  return !isPublished(v) && (v.state === 'needs_approval' || v.serviceStatus === 'needs_approval');
}

export function variantGuards(
  v: VariantView,
  facts: { inWorkspace: boolean; content: string; profiles?: ProfileView[] },
): VariantGuards {
  const published = isPublished(v);
  let locked: string | null = null;
  if (published) locked = LOCKED_PUBLISHED;
  else if (isWaitingForApproval(v)) locked = LOCKED_FOR_APPROVAL;
  else if (v.state === 'removed') locked = LOCKED_REMOVED;

  let send: string | null = locked;
  if (send === null && !facts.inWorkspace) send = NEEDS_WORKSPACE;
  if (send === null && v.account.kind === 'none') send = NEEDS_ACCOUNT;
  if (send === null && facts.content.trim() === '') send = NEEDS_CONTENT;
  // The core refuses these too, in the same words (src-preload/send-guards.ts).
  if (send === null) send = refusal(guardLength(v.platform, facts.content));
  if (send === null && facts.profiles)
    send = refusal(guardAccount(v.platform, v.account, facts.profiles, v.serviceAccountId));

  // Whether it may be published is the core's answer (v.actions); these say why not in words.
  const publish =
    send ??
    (v.publishUnknown || (!v.actions.includes('publish') && v.state === 'publish_unknown')
      ? DECIDE_UNKNOWN
      : null) ??
    (v.actions.includes('publish') ? null : PUBLISH_ON_ITS_WAY);
  return { locked, schedule: send, publish, published };
}

function refusal(result: { ok: true } | { ok: false; message: string }): string | null {
  return result.ok ? null : result.message;
}

/** The account the service chose for "platform default", once it said which. */
export function chosenProfile(v: Pick<VariantView, 'account' | 'serviceAccountId'>, profiles: ProfileView[]) {
  const id = v.account.kind === 'profile' ? v.account.profileId : v.serviceAccountId;
  return id === null ? null : (profiles.find((p) => p.id === id) ?? null);
}

/** The account a publish goes out from, as a phrase that ends the sentence "… now, <phrase>." */
export function accountPhrase(
  account: AccountChoice,
  platform: string,
  profiles: ProfileView[],
  serviceAccountId: string | null = null,
): string {
  const chosen =
    account.kind === 'default' && serviceAccountId !== null
      ? profiles.find((p) => p.id === serviceAccountId)
      : undefined;
  if (chosen?.label) return `from the account “${chosen.label}” (the workspace’s default)`;
  if (account.kind === 'default') return `from the workspace’s default ${platform} account`;
  if (account.kind === 'none') return 'but no account is chosen yet, so the service will refuse it';
  const profile = profiles.find((p) => p.id === account.profileId);
  return profile?.label
    ? `from the account “${profile.label}”`
    : `from ${platform} account ${account.profileId}`;
}
