// Which posts the calendar shows: one account, one platform, or both, per workspace. Kept for
// the window's session (sessionStorage: a reload keeps it, a new window starts with all), and
// named on screen in words, so a calendar that looks empty says why.
import type { CommandPayload, ProfileView } from '@preload/bridge';
import { platformName } from '../../lib/platforms';

export interface CalendarFilter {
  /** A profile id, or null for every account. */
  account: string | null;
  /** A platform as the service spells it, or null for every platform. */
  platform: string | null;
}

export const EVERYTHING: CalendarFilter = { account: null, platform: null };

export type FilterStorage = Pick<Storage, 'getItem' | 'setItem'>;

const key = (workspace: string | null): string => `outpost.calendar.filter.${workspace ?? ''}`;

function sessionStore(): FilterStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // A browser may refuse storage altogether: the filter then lasts as long as the view.
    return null;
  }
}

/** The filter last chosen for `workspace` in this session; everything when none (or unreadable). */
export function loadFilter(workspace: string | null, storage = sessionStore()): CalendarFilter {
  try {
    const saved = JSON.parse(storage?.getItem(key(workspace)) ?? 'null') as Partial<CalendarFilter> | null;
    return {
      account: typeof saved?.account === 'string' ? saved.account : null,
      platform: typeof saved?.platform === 'string' ? saved.platform : null,
    };
  } catch {
    return EVERYTHING;
  }
}

export function saveFilter(workspace: string | null, filter: CalendarFilter, storage = sessionStore()): void {
  try {
    storage?.setItem(key(workspace), JSON.stringify(filter));
  } catch {
    // Full or refused: the filter still applies to this view.
  }
}

/** What planning.calendar is asked to keep. */
export function filterPayload(
  filter: CalendarFilter,
): Pick<CommandPayload<'planning.calendar'>, 'accounts' | 'platforms'> {
  return {
    ...(filter.account !== null ? { accounts: [filter.account] } : {}),
    ...(filter.platform !== null ? { platforms: [filter.platform] } : {}),
  };
}

/** "Northwind Coffee (X)": an account as the filter offers it. */
export function accountName(profile: ProfileView): string {
  const name = profile.label ?? (profile.handle ? `@${profile.handle}` : `Account ${profile.id}`);
  return `${name} (${platformName(profile.platform)})`;
}

/** The platforms of the workspace's accounts, each once, in a stable order. */
export function filterPlatforms(profiles: readonly ProfileView[]): string[] {
  return [...new Set(profiles.map((p) => p.platform))].sort((a, b) =>
    platformName(a).localeCompare(platformName(b)),
  );
}

/** The filter in words ("Only Northwind Coffee (X)"), or null when everything is shown. */
export function filterWords(filter: CalendarFilter, profiles: readonly ProfileView[]): string | null {
  const parts: string[] = [];
  if (filter.account !== null) {
    const profile = profiles.find((p) => p.id === filter.account);
    parts.push(profile ? accountName(profile) : 'an account no longer in this workspace');
  }
  if (filter.platform !== null)
    parts.push(`${filter.account !== null ? 'on ' : ''}${platformName(filter.platform)}`);
  return parts.length > 0 ? `Showing only ${parts.join(', ')}.` : null;
}
