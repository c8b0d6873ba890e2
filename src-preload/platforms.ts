// Platforms Outpost knows, shared by the core (notification text) and the window (labels and
// counters), like the bridge contract beside it. The service may name others: those are shown
// as it spelled them and get no counter.
import { escapeInvisible } from './invisible';

const NAMES: Record<string, string> = {
  x: 'X',
  bluesky: 'Bluesky',
  threads: 'Threads',
  linkedin: 'LinkedIn',
  mastodon: 'Mastodon',
  instagram: 'Instagram',
};

const ALIASES: Record<string, string> = { twitter: 'x', bsky: 'bluesky' };

export const KNOWN_PLATFORMS = Object.keys(NAMES);

/** The known platform key for a service platform string, or null when Outpost does not know it. */
export function platformKey(platform: string): string | null {
  const key = platform.trim().toLowerCase();
  const canonical = ALIASES[key] ?? key;
  return canonical in NAMES ? canonical : null;
}

/** Every spelling the service may give a platform, lower case: `x` and `twitter` are one platform. */
export function platformSpellings(platform: string): string[] {
  const key = platformKey(platform);
  if (key === null) return [platform.trim().toLowerCase()];
  return [key, ...Object.keys(ALIASES).filter((alias) => ALIASES[alias] === key)];
}

/**
 * A readable platform name; an unknown platform is shown as the service spelled it, with any
 * invisible or control character written as an escape (`x\u202e`): a platform is an
 * identifier, and one that holds such characters must not be silently reordered or hidden.
 */
export function platformName(platform: string): string {
  const key = platformKey(platform);
  return key ? (NAMES[key] ?? platform) : escapeInvisible(platform);
}
