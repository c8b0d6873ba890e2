// Platform marks from simple-icons (CC0-1.0). LinkedIn's mark is not in that set (its owner
// asked for it to be removed), so it and any platform Outpost does not know get a monogram.
import { siBluesky, siInstagram, siMastodon, siThreads, siX } from 'simple-icons';
import { platformKey, platformName } from './platforms';

const PATHS: Record<string, string> = {
  x: siX.path,
  bluesky: siBluesky.path,
  threads: siThreads.path,
  mastodon: siMastodon.path,
  instagram: siInstagram.path,
};

export interface PlatformMark {
  /** An SVG path in a 24 x 24 box, or null: draw the monogram instead. */
  path: string | null;
  letter: string;
}

export function platformMark(platform: string): PlatformMark {
  const key = platformKey(platform);
  const letter = key === 'linkedin' ? 'in' : platformName(platform).trim().charAt(0).toUpperCase() || '?';
  return { path: PATHS[key ?? ''] ?? null, letter };
}
