// Characters that change how text reads without being seen: bidirectional overrides and
// isolates (a "‮" can make "txt.exe" look like "exe.txt"), zero-width characters, tag
// characters (which can carry a hidden message), the soft hyphen, and control characters
// (ESC and BEL drive a terminal). Pure code shared by the core (refused in typed identifiers),
// the window (counted and marked; service identifiers shown escaped) and the CLI (escaped).
//
// The set is Unicode's own, read from the engine's tables rather than listed by hand:
// Default_Ignorable_Code_Point (which holds every bidi control), the control characters
// (C0, DEL, C1), and the line and paragraph separators.

const NAMES: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xe0001: 'LANGUAGE TAG',
  0xe007f: 'CANCEL TAG',
};

const SET = String.raw`[\p{Cc}\p{Default_Ignorable_Code_Point}\u2028\u2029]`;
/** One character of the set, anywhere: identifiers admit none of them. */
const ANY_INVISIBLE = new RegExp(SET, 'u');
const EVERY_INVISIBLE = new RegExp(SET, 'gu');
/**
 * In text, an emoji built with joiners, variation selectors or tags (👨‍👩‍👧, ❤️, the flag
 * of Scotland) is one visible symbol, so it is matched whole (group 1) and its parts are not
 * reported; anything else of the set is (group 2). Built at run time: the `v` flag
 * (RGI_Emoji, set difference) is newer than the language level the compiler checks against.
 */
function textPattern(keep: string): RegExp {
  return new RegExp(String.raw`(\p{RGI_Emoji})|(${setWithout(keep)})`, 'gv');
}
/** The set less the characters of `keep`, for a pattern with the `v` flag. */
function setWithout(keep: string): string {
  const kept = [...keep].map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join('');
  return kept === '' ? SET : `[${SET}--[${kept}]]`;
}
/** Built on first use, once for each `keep`. */
function cached(cache: Map<string, RegExp>, keep: string, build: (keep: string) => RegExp): RegExp {
  let pattern = cache.get(keep);
  if (pattern === undefined) cache.set(keep, (pattern = build(keep)));
  return pattern;
}
const patterns = new Map<string, RegExp>();
/**
 * The pattern keeping `keep`, built on first use: compiling RGI_Emoji takes about 20 ms, which
 * every start-up would pay, and most text never has an invisible character to look for.
 */
const patternKeeping = (keep: string): RegExp => cached(patterns, keep, textPattern);
const tests = new Map<string, RegExp>();
/**
 * Whether `text` holds a character of the set other than those of `keep`: the cheap test before
 * the emoji-aware pattern. Text printed on several lines has newlines, which alone would build
 * that pattern (a CLI command's output paid its 20 ms every time).
 */
function holdsInvisible(text: string, keep: string): boolean {
  if (!ANY_INVISIBLE.test(text)) return false;
  return keep === '' || cached(tests, keep, (k) => new RegExp(setWithout(k), 'v')).test(text);
}
/** Newline and tab lay text out: in content they are not hidden characters. */
const CONTENT = '\n\t';

export interface InvisibleChar {
  /** Index in the string (UTF-16 code units). */
  index: number;
  char: string;
  /** "U+202E" */
  code: string;
  name: string;
}

function codeOf(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export function describeChar(char: string): string {
  const point = char.codePointAt(0) ?? 0;
  const named = NAMES[point];
  if (named !== undefined) return named;
  if (point < 0x20 || (point >= 0x7f && point <= 0x9f)) return 'CONTROL CHARACTER';
  if ((point >= 0xfe00 && point <= 0xfe0f) || (point >= 0xe0100 && point <= 0xe01ef))
    return 'VARIATION SELECTOR';
  if (point >= 0xe0000 && point <= 0xe007f) return 'TAG CHARACTER';
  return ANY_INVISIBLE.test(char) ? 'INVISIBLE CHARACTER' : 'CHARACTER';
}

/** Every invisible character in `text`, in order (newline and tab are not). */
export function findInvisible(text: string): InvisibleChar[] {
  // Most text has none: the cheap test spares the emoji-aware scan.
  if (!holdsInvisible(text, CONTENT)) return [];
  const found: InvisibleChar[] = [];
  for (const m of text.matchAll(patternKeeping(CONTENT))) {
    const char = m[2];
    if (char !== undefined)
      found.push({ index: m.index, char, code: codeOf(char), name: describeChar(char) });
  }
  return found;
}

/** `text` with the invisible characters removed (an emoji's joiners stay in it). */
export function withoutInvisible(text: string): string {
  if (!holdsInvisible(text, CONTENT)) return text;
  return text.replace(patternKeeping(CONTENT), (whole, emoji: string | undefined) => emoji ?? '');
}

/** Null when `text` may be an identifier, else a sentence naming the first offending character. */
export function identifierProblem(text: string): string | null {
  const m = ANY_INVISIBLE.exec(text);
  if (m === null) return null;
  return `must not contain invisible or control characters (found ${codeOf(m[0])} ${describeChar(m[0])})`;
}

const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r' };

/** `\x1b`, `\u202e`, `\u{e0041}`: a character written so that it is seen and does nothing. */
export function visibleEscape(char: string): string {
  const short = SHORT_ESCAPES[char];
  if (short !== undefined) return short;
  const point = char.codePointAt(0) ?? 0;
  const hex = point.toString(16);
  if (point < 0x100) return `\\x${hex.padStart(2, '0')}`;
  return point <= 0xffff ? `\\u${hex.padStart(4, '0')}` : `\\u{${hex}}`;
}

/**
 * `text` with every invisible character written as a visible escape, except those in `keep`
 * (the newline of a text printed on several lines) and the parts of an emoji. Service text
 * shown this way cannot drive a terminal or reorder what is around it.
 */
export function escapeInvisible(text: string, keep = ''): string {
  if (!holdsInvisible(text, keep)) return text;
  return text.replace(
    patternKeeping(keep),
    (whole, emoji: string | undefined) => emoji ?? visibleEscape(whole),
  );
}

/**
 * JSON text with every invisible character as a `\uXXXX` escape. JSON.stringify escapes only
 * C0: DEL, C1, bidi controls and the rest would reach a terminal that shows the document.
 * Outside strings JSON has only ASCII, so this touches string contents alone, and the value
 * read back is the same.
 */
export function escapeInvisibleInJson(json: string): string {
  if (!ANY_INVISIBLE.test(json)) return json;
  return json.replace(EVERY_INVISIBLE, (char) =>
    char
      .split('')
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join(''),
  );
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Replaces each lone surrogate (text no UTF-8 can hold) with U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}
