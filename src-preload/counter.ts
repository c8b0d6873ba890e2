// Character counters per platform, shared by the window (the counter)
// and the core (the over-limit guard) so both count the same way. A platform Outpost does not
// know gets no counter rather than a guessed limit.
import * as twitterTextModule from 'twitter-text';
import { findInvisible, withoutInvisible, type InvisibleChar } from './invisible';
import { KNOWN_PLATFORMS, platformKey, platformName } from './platforms';

// twitter-text's ESM build only has a default export while its CommonJS build and its types
// have named ones; take whichever this bundler handed us.
type TwitterText = typeof twitterTextModule;
const twitterText: TwitterText =
  (twitterTextModule as unknown as { default?: TwitterText }).default ?? twitterTextModule;

export interface CharacterCount {
  used: number;
  limit: number;
  over: boolean;
  /** What is counted, for the tooltip: weighted characters or graphemes. */
  unit: string;
  /** Invisible characters in the text (bidi, zero-width, control): each is in `used`. */
  invisible: InvisibleChar[];
}

type Counter = { limit: number; unit: string; count: (text: string) => number };

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The UTF-16 units segmented at a time. Node's segmenter slows down faster than the text grows
 * (a 104,000-character text took 3.9 s whole, one of 66,000 with an emoji 80 s: the core's
 * thread stood still for every check of it), and in pieces of this size it takes tens of
 * milliseconds for the same text (benchmarked in the `long-texts` part).
 */
export const GRAPHEME_PIECE = 512;

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;

/**
 * Graphemes counted a piece at a time. Each piece but the last gives up its last grapheme,
 * which the piece may have cut, and the next starts there: a boundary the whole text has too,
 * since a boundary depends on the characters before it and the one after, and a run of flags
 * before it is whole pairs. A grapheme longer than a piece (a letter under a thousand marks)
 * widens the piece until it ends.
 */
export function countGraphemes(text: string, piece = GRAPHEME_PIECE): number {
  let n = 0;
  let start = 0;
  let size = piece;
  while (text.length - start > size) {
    let count = 0;
    let last = 0;
    // A piece never ends inside a surrogate pair: half a character would end a grapheme early.
    const end = isHighSurrogate(text.charCodeAt(start + size - 1)) ? start + size + 1 : start + size;
    for (const { index } of segmenter.segment(text.slice(start, end))) {
      count++;
      last = index;
    }
    if (last === 0) {
      size *= 2;
      continue;
    }
    n += count - 1;
    start += last;
    size = piece;
  }
  for (const _ of segmenter.segment(text.slice(start))) n++;
  return n;
}

/** X counts CJK and most emoji as two and every URL as 23, whatever its length. */
export function countX(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

const COUNTERS: Record<string, Counter> = {
  x: { limit: 280, unit: 'weighted characters', count: countX },
  bluesky: { limit: 300, unit: 'graphemes', count: countGraphemes },
  threads: { limit: 500, unit: 'characters', count: countGraphemes },
  linkedin: { limit: 3000, unit: 'characters', count: countGraphemes },
  mastodon: { limit: 500, unit: 'characters', count: countGraphemes },
  instagram: { limit: 2200, unit: 'characters', count: countGraphemes },
};

export function platformLimit(platform: string): number | null {
  const key = platformKey(platform);
  return key ? (COUNTERS[key]?.limit ?? null) : null;
}

export function countFor(platform: string, text: string): CharacterCount | null {
  const key = platformKey(platform);
  const counter = key ? COUNTERS[key] : undefined;
  if (!counter) return null;
  // A grapheme count folds a zero-width joiner into its neighbour; each invisible character
  // counts on its own instead, as the platform would count it alone (at least one).
  const invisible = findInvisible(text);
  const used =
    invisible.length === 0
      ? counter.count(text)
      : counter.count(withoutInvisible(text)) +
        invisible.reduce((n, c) => n + Math.max(1, counter.count(c.char)), 0);
  return { used, limit: counter.limit, over: used > counter.limit, unit: counter.unit, invisible };
}

/**
 * Whether a text is over its platform's limit, counted as countFor counts, without counting a
 * text that cannot be: a grapheme (or an invisible character) is at least one UTF-16 unit, so a
 * text no longer than the limit in units is within it. X weighs its characters and links, so
 * it is always counted. For checking thousands of texts at once (an import).
 */
export function overLimitCount(platform: string, text: string): CharacterCount | null {
  const key = platformKey(platform);
  const counter = key ? COUNTERS[key] : undefined;
  if (!counter || (key !== 'x' && text.length <= counter.limit)) return null;
  const count = countFor(platform, text);
  return count?.over ? count : null;
}

export { findInvisible, KNOWN_PLATFORMS, platformKey, platformName };
export type { InvisibleChar };
