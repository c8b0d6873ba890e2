// A variant's posting account, in one place. Locally it is one of three choices kept apart all
// the way to the request (`default`: the field is omitted and the service picks; `none`: sent as
// null, assign later; `profile`: a chosen id), held in two columns; the service knows only an
// id or null. Which account a variant goes out from is decided once here for Add to queue, the
// Queue and the sign-off warning: the account chosen; for "platform default", the one the
// service reported choosing, else the platform's only active account in the workspace. With
// several (or none) it cannot be told before the service decides: null.
import type { AccountChoice } from '@preload/bridge';
import { samePlatform, type ProfileFact } from '@preload/send-guards';
import { readJsonObject } from '../store/json';
import type { SocialProfileRow, VariantRow } from '../store/schema';
import { variantBaseField, type VariantBase } from '../store/variant-repository';

/** The two columns that hold a variant's account. */
export type AccountColumns = Pick<VariantRow, 'account_mode' | 'social_profile_id'>;

/** The columns' choice, as the window and the CLI name it. */
export function accountChoiceOf(v: AccountColumns): AccountChoice {
  if (v.account_mode === 'profile' && v.social_profile_id !== null)
    return { kind: 'profile', profileId: v.social_profile_id };
  if (v.account_mode === 'none') return { kind: 'none' };
  return { kind: 'default' };
}

/** A choice as the columns that keep it. */
export function accountColumns(account: AccountChoice): AccountColumns {
  if (account.kind === 'profile') return { account_mode: 'profile', social_profile_id: account.profileId };
  return { account_mode: account.kind, social_profile_id: null };
}

/** The service's account of a variant (an id, or null for none) as the columns that keep it. */
export function serviceAccountColumns(id: string | null): AccountColumns {
  return { account_mode: id === null ? 'none' : 'profile', social_profile_id: id };
}

/**
 * The account as a request carries it: the key omitted for `default` (the service picks, and
 * only at creation), null for `none`, the id for `profile`.
 */
export function accountField(v: AccountColumns): { social_profile_id?: string | null } {
  if (v.account_mode === 'none') return { social_profile_id: null };
  if (v.account_mode === 'profile') return { social_profile_id: v.social_profile_id };
  return {};
}

/** Whether two variants hold the same account choice. */
export function sameAccount(a: AccountColumns, b: AccountColumns): boolean {
  return a.account_mode === b.account_mode && a.social_profile_id === b.social_profile_id;
}

/** The account as the service would see it; `default` has no local value, so it counts as unchanged. */
export function accountAsSent(
  v: AccountColumns,
  base: Pick<VariantBase, 'social_profile_id'> | null,
): string | null {
  if (v.account_mode === 'profile') return v.social_profile_id;
  if (v.account_mode === 'none') return null;
  return base?.social_profile_id ?? null;
}

/** The account the service reported for a variant (it picks the default when none was sent). */
export function accountChosenByService(v: Pick<VariantRow, 'base' | 'social_profile_id'>): string | null {
  return variantBaseField(v, 'social_profile_id');
}

/** A profile row as the send guards see it. */
export function profileFact(p: Pick<SocialProfileRow, 'id' | 'platform' | 'is_active'>): ProfileFact {
  return { id: p.id, platform: p.platform, isActive: p.is_active === 1 };
}

/** A profile's handle from the service's raw fields (`handle`, else `username`), when it sent one. */
export function profileHandle(raw: string): string | null {
  const r = readJsonObject(raw);
  const h = typeof r?.handle === 'string' ? r.handle : typeof r?.username === 'string' ? r.username : null;
  return h?.trim() ? h.trim() : null;
}

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

type AccountFacts = Pick<VariantRow, 'platform' | 'account_mode' | 'social_profile_id' | 'base'>;

/** The account a variant goes out from, when it can be told before the service decides. */
export function sendingAccountOf(v: AccountFacts, profiles: readonly ProfileFact[]): string | null {
  return sendingAccount(v.platform, accountChoiceOf(v), accountChosenByService(v), profiles);
}

/** A workspace's accounts as a variant's view needs them: which wait for sign-off. */
export interface WorkspaceAccounts {
  profiles: readonly ProfileFact[];
  signOff: ReadonlySet<string>;
}

export const NO_ACCOUNTS: WorkspaceAccounts = { profiles: [], signOff: new Set() };

/** Whether what goes out from this variant's account waits for the approvers first. */
export function signOffExpected(v: AccountFacts, accounts: WorkspaceAccounts): boolean {
  if (accounts.signOff.size === 0) return false;
  const id = sendingAccountOf(v, accounts.profiles);
  return id !== null && accounts.signOff.has(id);
}
