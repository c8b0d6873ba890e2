// The text of a preview in pieces: links, mentions and hashtags marked, links shown as X shows
// them (without the scheme, cut to the length X counts for any link), the part past the
// platform's limit marked, and where LinkedIn's and Instagram's "see more" falls.
import * as twitterTextModule from 'twitter-text';
import { platformKey } from '@preload/platforms';

type TwitterText = typeof twitterTextModule;
const twitterText: TwitterText =
  (twitterTextModule as unknown as { default?: TwitterText }).default ?? twitterTextModule;

export type PieceKind = 'text' | 'link' | 'mention' | 'hashtag';
export interface Piece {
  kind: PieceKind;
  /** What the preview shows. */
  text: string;
  /** For a link, the address it opens. */
  href?: string;
  /** Past the platform's limit. */
  over: boolean;
  /** Below the fold: hidden behind "see more" until the reader opens it. */
  folded: boolean;
}

/** X counts every link as 23 characters; it shows about that much of it. */
export const X_LINK_LENGTH = 23;
const LIMITS: Record<string, number> = {
  x: 280,
  bluesky: 300,
  threads: 500,
  linkedin: 3000,
  mastodon: 500,
  instagram: 2200,
};
/** Where the feed cuts a long text with "…see more" (characters, roughly as each app shows it). */
const FOLDS: Record<string, number> = { linkedin: 210, instagram: 125 };

export function displayLink(url: string): string {
  const bare = url.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  return bare.length > X_LINK_LENGTH ? `${bare.slice(0, X_LINK_LENGTH - 1)}…` : bare;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The code-unit index where the `n`-th grapheme ends (the text's length if it has fewer). */
function afterGraphemes(text: string, n: number): number {
  let count = 0;
  for (const { index } of segmenter.segment(text)) {
    if (count === n) return index;
    count++;
  }
  return text.length;
}

/** Where the text stops fitting the platform's limit (code units), or null when it all fits. */
export function overLimitAt(platform: string, text: string): number | null {
  const key = platformKey(platform);
  if (!key) return null;
  if (key === 'x') {
    const parsed = twitterText.parseTweet(text);
    return parsed.valid || text.length === 0 || parsed.weightedLength <= 280
      ? null
      : parsed.validRangeEnd + 1;
  }
  const limit = LIMITS[key]!;
  const at = afterGraphemes(text, limit);
  return at < text.length ? at : null;
}

export function foldAt(platform: string, text: string): number | null {
  const fold = FOLDS[platformKey(platform) ?? ''];
  if (fold === undefined) return null;
  const at = afterGraphemes(text, fold);
  return at < text.length ? at : null;
}

export function previewPieces(platform: string, text: string): Piece[] {
  const entities = twitterText.extractEntitiesWithIndices(text);
  const over = overLimitAt(platform, text);
  const fold = foldAt(platform, text);
  const cuts = new Set<number>([0, text.length]);
  if (over !== null) cuts.add(over);
  if (fold !== null) cuts.add(fold);
  type Span = { start: number; end: number; kind: PieceKind; href?: string };
  const spans: Span[] = [];
  for (const e of entities) {
    const [start, end] = e.indices;
    if ('url' in e) spans.push({ start, end, kind: 'link', href: e.url });
    else if ('screenName' in e) spans.push({ start, end, kind: 'mention' });
    else if ('hashtag' in e) spans.push({ start, end, kind: 'hashtag' });
  }
  const pieces: Piece[] = [];
  const flags = (start: number) => ({
    over: over !== null && start >= over,
    folded: fold !== null && start >= fold,
  });
  const plain = (from: number, to: number) => {
    const points = [...cuts].filter((c) => c > from && c < to).sort((a, b) => a - b);
    let at = from;
    for (const p of [...points, to]) {
      if (p > at) pieces.push({ kind: 'text', text: text.slice(at, p), ...flags(at) });
      at = p;
    }
  };
  let at = 0;
  for (const span of spans.sort((a, b) => a.start - b.start)) {
    if (span.start < at) continue;
    plain(at, span.start);
    const raw = text.slice(span.start, span.end);
    pieces.push({
      kind: span.kind,
      text: span.kind === 'link' ? displayLink(raw) : raw,
      ...(span.href ? { href: /^https?:\/\//i.test(span.href) ? span.href : `https://${span.href}` } : {}),
      ...flags(span.start),
    });
    at = span.end;
  }
  plain(at, text.length);
  return pieces;
}
