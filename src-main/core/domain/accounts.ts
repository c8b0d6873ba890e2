// Which posting account a variant goes out from, decided once for Add to queue, the Queue and
// the sign-off warning: the account chosen; for "platform default", the one the service
// reported choosing, else the platform's only active account in the workspace. With several
// (or none) it cannot be told before the service decides: null.
import type { AccountChoice } from '@preload/bridge';
import { samePlatform, type ProfileFact } from '@preload/send-guards';

export function sendingAccount(
  platform: string,
  account: AccountChoice,
  chosenByService: string | null,
  profiles: readonly ProfileFact[],
): string | null {
  if (account.kind === 'profile') return account.profileId;
  if (account.kind === 'none') return null;
  if (chosenByService !== null) return chosenByService;
  const active = profiles.filter((p) => p.isActive && samePlatform(p.platform, platform));
  return active.length === 1 ? active[0]!.id : null;
}
