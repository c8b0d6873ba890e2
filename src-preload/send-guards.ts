// The checks every path that sends runs before anything leaves: the core refuses with these
// (src-main/core/app/items/send-checks.ts) and the window disables the action with the same
// words (words/refusals.ts). Pure functions over plain facts, shared like the counter they rely on.
import type { AccountChoice } from './bridge';
import { overLimitCount, platformKey, platformName } from './counter';
import { accountInactive, noDefaultAccount, overLimit, REFUSALS } from './words/refusals';

export type RefusalReason = 'past_time' | 'over_limit' | 'no_account';
export type GuardResult = { ok: true } | { ok: false; reason: RefusalReason; message: string };

const OK: GuardResult = { ok: true };

/** A time at or before now would go out at once: the user is asked "send now instead?" first. */
export function guardTime(at: string, now: Date): GuardResult {
  if (Date.parse(at) > now.getTime()) return OK;
  return {
    ok: false,
    reason: 'past_time',
    message: REFUSALS.pastTime,
  };
}

/**
 * Counted exactly as the window's counter counts (src-preload/counter.ts); a text no longer than
 * the limit in UTF-16 units is not counted at all. `scheduled`: the text has a time already.
 */
export function guardLength(platform: string, content: string, scheduled = false): GuardResult {
  const count = overLimitCount(platform, content);
  if (!count) return OK;
  const name = platformName(platform);
  return {
    ok: false,
    reason: 'over_limit',
    message: overLimit(count.used - count.limit, name, count.used, count.limit, count.unit, scheduled),
  };
}

export interface ProfileFact {
  id: string;
  platform: string;
  isActive: boolean;
}

/** Whether two platform names name one platform ("X", "x" and "twitter" do). */
export function samePlatform(a: string, b: string): boolean {
  return (platformKey(a) ?? a.trim().toLowerCase()) === (platformKey(b) ?? b.trim().toLowerCase());
}

/**
 * The account a send goes out from. `profiles` are the workspace's known accounts; when none
 * are known yet (never synced) nothing is refused: the service decides. `chosenByService` is
 * the account the service reported for the variant (it picked the default on creation).
 */
export function guardAccount(
  platform: string,
  account: AccountChoice,
  profiles: readonly ProfileFact[],
  chosenByService: string | null = null,
): GuardResult {
  const name = platformName(platform);
  if (account.kind === 'none')
    return {
      ok: false,
      reason: 'no_account',
      message: REFUSALS.needsAccount,
    };
  if (profiles.length === 0) return OK;
  const id = account.kind === 'profile' ? account.profileId : chosenByService;
  if (id !== null) {
    const profile = profiles.find((p) => p.id === id);
    if (!profile || profile.isActive) return OK;
    return {
      ok: false,
      reason: 'no_account',
      message: accountInactive(name),
    };
  }
  if (profiles.some((p) => p.isActive && samePlatform(p.platform, platform))) return OK;
  return {
    ok: false,
    reason: 'no_account',
    message: noDefaultAccount(name),
  };
}

/** The first refusal of those given, or ok. */
export function firstRefusal(...results: GuardResult[]): GuardResult {
  return results.find((r) => !r.ok) ?? OK;
}
