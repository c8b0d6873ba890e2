// Characters that change how text reads without being seen: bidirectional overrides and
// isolates (a "‮" can make "txt.exe" look like "exe.txt"), zero-width characters, and
// control characters. Pure code shared by the core (refused in platform identifiers) and the
// window (counted and marked in content).

const NAMES: Record<number, string> = {
  0x061c: 'ARABIC LETTER MARK',
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
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

// Matching control characters is the point here.
/* eslint-disable no-control-regex */
/** Invisible in content: everything above plus C0/C1 controls, except newline and tab. */
const INVISIBLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
/** Never in an identifier: the invisible ones and newline and tab too. */
const NOT_IN_IDENTIFIER =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
/* eslint-enable no-control-regex */

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
  return (
    NAMES[point] ?? (point < 0x20 || (point >= 0x7f && point <= 0x9f) ? 'CONTROL CHARACTER' : 'CHARACTER')
  );
}

/** Every invisible character in `text`, in order. */
export function findInvisible(text: string): InvisibleChar[] {
  const found: InvisibleChar[] = [];
  for (const m of text.matchAll(INVISIBLE)) {
    found.push({ index: m.index, char: m[0], code: codeOf(m[0]), name: describeChar(m[0]) });
  }
  return found;
}

/** `text` with the invisible characters removed. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** Null when `text` may be an identifier, else a sentence naming the first offending character. */
export function identifierProblem(text: string): string | null {
  const m = NOT_IN_IDENTIFIER.exec(text);
  if (m === null) return null;
  return `must not contain invisible or control characters (found ${codeOf(m[0])} ${describeChar(m[0])})`;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Replaces each lone surrogate (text no UTF-8 can hold) with U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}
