// Text as the post list's search compares it. A folded copy of each title and of each variant's
// text that needs one is kept beside it (written by the repositories, migrations 0012 and
// 0019), and a query is folded the same way, so "creme" finds "Crème" and "ÉTÉ" finds "été". SQLite's own LIKE ignores the
// case of ASCII letters only, and folding every row at query time took ~90 ms at 10,000 posts.

const MARKS = /\p{M}+/gu;
/** Letters Unicode does not decompose into a base letter and a mark. */
const LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ı: 'i',
};
const UNDECOMPOSED = /[ßæœøłđı]/g;

/**
 * Lower case, without accents or other marks, compatibility forms made plain ("ﬁ" is "fi").
 * Only ever compared with another folded text: never shown.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(UNDECOMPOSED, (c) => LETTERS[c] ?? c);
}

const ASCII_ONLY = /^[\p{ASCII}]*$/u;
const lowerAscii = (text: string): string => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/**
 * The folded copy a title or a variant's text keeps beside it, or null where none is needed:
 * SQLite's LIKE already ignores the case of ASCII letters, and its lower() lowers those only, so
 * for a text whose fold does no more, LIKE on the text finds what it would find in the copy, and
 * lower(text) is the copy. Most texts are such.
 */
export function searchCopy(text: string): string | null {
  // Nothing in ASCII decomposes, carries a mark or lowers beyond A-Z: most texts end here, and a
  // pull asks this of every post and variant it stores.
  if (ASCII_ONLY.test(text)) return null;
  const folded = foldForSearch(text);
  return folded === lowerAscii(text) ? null : folded;
}

/** At most this many words of a query are looked for (each one more pass over the texts). */
export const MAX_SEARCH_WORDS = 8;

/**
 * The words of a search, folded: a post matches when each of them is in its title or in one of
 * its variants' texts, anywhere (inside a word too, as "aunch" in "Launch").
 */
export function searchWords(query: string | undefined): string[] {
  if (query === undefined) return [];
  const words = foldForSearch(query)
    .split(/\s+/)
    .filter((w) => w !== '');
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** A LIKE pattern that finds `word` anywhere, with `%`, `_` and `\` taken literally (escape `\`). */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
