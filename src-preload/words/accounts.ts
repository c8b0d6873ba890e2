// A variant's account in words: which one a publish goes out from.
import type { AccountChoice, ProfileView } from '../bridge';

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
