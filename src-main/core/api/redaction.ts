// Removes secrets from text by what it says, not only by its bytes: a service may echo the token
// plain, with any of its characters escaped as JSON `\uXXXX` or percent-encoded (either hex case),
// with a form decoder's `+` read as a space, with invisible characters inside it (a zero-width
// space, a soft hyphen), or cut short: any long fragment of a secret goes too. Anything shaped
// like a personal access token (`<service>_pat_<secret>`) goes too, in the same forms.

export const REDACTED = '[redacted]';

/** A stretch of text to blank: [start, end). */
type Span = [number, number];

/** A text's escapes decoded, with where each of its characters came from in the text. */
interface DecodedView {
  view: string;
  /** Offset in the text of each view character; one more entry for the end of the text. */
  from: number[];
}

const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;

/**
 * Whether `text` holds an escape `decode` reads: most texts have none and skip the decoding.
 * JSON's escapes of control characters (`\n`, `\t`...) do not count: no token contains one.
 * Plain searches, not one pattern: over a page of answers they take half the time.
 */
function hasEscape(text: string): boolean {
  if (text.includes('%') && PERCENT_ESCAPE.test(text)) return true;
  return text.includes('\\u') || text.includes('\\"') || text.includes('\\\\') || text.includes('\\/');
}

const NEXT_ESCAPE = /[%\\]/g;
const HEX = /^[0-9A-Fa-f]+$/;

/** The forms a secret takes once a service has decoded it: itself, and with `+` read as a space. */
export function secretForms(secret: string): string[] {
  return secret.includes('+') ? [secret, secret.replaceAll('+', ' ')] : [secret];
}

/** A stretch of a secret this long is the secret, wherever it shows: the token cut short too. */
export const SECRET_FRAGMENT = 16;
/** Every stretch of SECRET_FRAGMENT characters holds one of the blocks of this length at these offsets. */
const BLOCK = SECRET_FRAGMENT / 2;

/** A block of a secret, looked for first; a find is then grown along the secret both ways. */
interface Block {
  secret: string;
  at: number;
  text: string;
}

/** The blocks of each secret longer than a fragment (a secret as long or shorter is looked for whole). */
export function blocksOf(secrets: readonly string[]): Block[] {
  return secrets.flatMap((secret) =>
    secret.length <= SECRET_FRAGMENT
      ? []
      : Array.from({ length: Math.floor(secret.length / BLOCK) }, (_, i) => ({
          secret,
          at: i * BLOCK,
          text: secret.slice(i * BLOCK, i * BLOCK + BLOCK),
        })),
  );
}

/** Stretches of the secrets, SECRET_FRAGMENT characters or longer, found through their blocks. */
function findFragments(text: string, blocks: readonly Block[], spans: Span[]): void {
  for (const b of blocks)
    for (let p = text.indexOf(b.text); p !== -1; p = text.indexOf(b.text, p + 1)) {
      let start = p;
      let from = b.at;
      while (start > 0 && from > 0 && text[start - 1] === b.secret[from - 1]) {
        start--;
        from--;
      }
      let end = p + BLOCK;
      let to = b.at + BLOCK;
      while (end < text.length && to < b.secret.length && text[end] === b.secret[to]) {
        end++;
        to++;
      }
      if (end - start >= SECRET_FRAGMENT) spans.push([start, end]);
    }
}

/** The escape at `at` (`%XX` of an ASCII character, `\uXXXX`, `\"`, `\\`, `\/`) as [character, width]. */
function escapeAt(text: string, at: number): [string, number] | null {
  if (text[at] === '%') {
    const hex = text.slice(at + 1, at + 3);
    const code = hex.length === 2 && HEX.test(hex) ? parseInt(hex, 16) : 0x80;
    return code < 0x80 ? [String.fromCharCode(code), 3] : null;
  }
  const next = text[at + 1];
  if (next === 'u') {
    const hex = text.slice(at + 2, at + 6);
    return hex.length === 4 && HEX.test(hex) ? [String.fromCharCode(parseInt(hex, 16)), 6] : null;
  }
  return next === '"' || next === '\\' || next === '/' ? [next, 2] : null;
}

/** One layer of JSON escapes and percent-encoding decoded (of ASCII only: the token is ASCII). */
function decode(text: string): DecodedView {
  let view = '';
  const from: number[] = [];
  let i = 0;
  while (i < text.length) {
    NEXT_ESCAPE.lastIndex = i;
    const at = NEXT_ESCAPE.exec(text)?.index ?? text.length;
    // The plain run before the next escape, copied whole.
    view += text.slice(i, at);
    for (let k = i; k < at; k++) from.push(k);
    if (at === text.length) break;
    const [char, width] = escapeAt(text, at) ?? [text[at]!, 1];
    view += char;
    from.push(at);
    i = at + width;
  }
  from.push(text.length);
  return { view, from };
}

const PREFIX_CHAR = /[A-Za-z0-9-]/;
const SECRET_CHAR = /[A-Za-z0-9_\-.~+/=]/;

/**
 * Finds `<service>_pat_<secret>` wherever it occurs. A scan outward from each `_pat_`, not a
 * regular expression: `[A-Za-z0-9-]*_pat_` backtracks quadratically on a long run of letters,
 * and this runs on every sync-log reason.
 */
function findTokenShapes(text: string, spans: Span[]): void {
  const marker = '_pat_';
  let floor = 0;
  let at = text.indexOf(marker);
  while (at !== -1) {
    let start = at;
    while (start > floor && PREFIX_CHAR.test(text[start - 1]!)) start--;
    while (start < at && text[start] === '-') start++;
    let end = at + marker.length;
    while (end < text.length && SECRET_CHAR.test(text[end]!)) end++;
    // A service name (starting with a letter or digit) and at least one secret character.
    if (start < at && /[A-Za-z0-9]/.test(text[start]!) && end > at + marker.length) {
      spans.push([start, end]);
      floor = end;
    }
    at = text.indexOf(marker, Math.max(end, at + 1));
  }
}

function find(text: string, needles: readonly string[], shapes: boolean, blocks: readonly Block[]): Span[] {
  const spans: Span[] = [];
  findFragments(text, blocks, spans);
  for (const needle of needles) {
    if (needle === '') continue;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1))
      spans.push([at, at + needle.length]);
  }
  if (shapes) findTokenShapes(text, spans);
  return spans;
}

/** Characters that show nothing and may sit inside a token unseen: zero-width, soft hyphen, bidi, BOM. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;
const INVISIBLES = new RegExp(INVISIBLE.source, 'g');

/** A view with its invisible characters left out, still pointing into the text. */
function withoutInvisible({ view, from }: DecodedView): DecodedView | null {
  if (!INVISIBLE.test(view)) return null;
  let out = '';
  const to: number[] = [];
  let i = 0;
  for (const m of view.matchAll(INVISIBLES)) {
    out += view.slice(i, m.index);
    for (let k = i; k < m.index; k++) to.push(from[k]!);
    i = m.index + m[0].length;
  }
  out += view.slice(i);
  for (let k = i; k < view.length; k++) to.push(from[k]!);
  to.push(from[view.length]!);
  return { view: out, from: to };
}

/** The identity view of a text: each character from where it is. */
function plainView(text: string): DecodedView {
  return { view: text, from: Array.from({ length: text.length + 1 }, (_, i) => i) };
}

/**
 * Every span to blank: the secrets and shapes as written, then as they read once decoded, and
 * with invisible characters left out.
 */
function spansOf(
  text: string,
  needles: readonly string[],
  shapes: boolean,
  blocks: readonly Block[],
): Span[] {
  const spans = find(text, needles, shapes, blocks);
  const views: DecodedView[] = [];
  const escaped = hasEscape(text) ? decode(text) : null;
  if (escaped !== null) views.push(escaped);
  const visible =
    INVISIBLE.test(text) || escaped !== null ? withoutInvisible(escaped ?? plainView(text)) : null;
  if (visible !== null) views.push(visible);
  for (const { view, from } of views)
    for (const [start, end] of find(view, needles, shapes, blocks)) spans.push([from[start]!, from[end]!]);
  return spans;
}

/** The text with each span (overlapping ones merged) replaced by one marker. */
function blank(text: string, spans: Span[]): string {
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < spans.length) {
    const start = spans[i]![0];
    let end = spans[i]![1];
    for (i += 1; i < spans.length && spans[i]![0] <= end; i += 1) end = Math.max(end, spans[i]![1]);
    out += `${text.slice(copied, start)}${REDACTED}`;
    copied = end;
  }
  return out + text.slice(copied);
}

/** Removes `needles` (already in all their forms) by meaning, and token shapes when asked. */
function redact(
  text: string,
  needles: readonly string[],
  shapes: boolean,
  blocks: readonly Block[] = [],
): string {
  const spans = spansOf(text, needles, shapes, blocks);
  return spans.length === 0 ? text : blank(text, spans);
}

/** Removes every occurrence of `secret` as written: a service may echo what it was sent. */
export function scrub(text: string, secret: string): string {
  // Nearly every text has no secret in it: a search costs far less than splitting and joining.
  if (secret === '' || !text.includes(secret)) return text;
  return text.split(secret).join(REDACTED);
}

/** Removes each secret in any of its forms (the whole token and its secret part as one), and any token shape. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return redact(text, secrets.flatMap(secretForms), true);
}

/** Blanks `<service>_pat_<secret>` wherever it occurs, as written or encoded. */
export function scrubTokenShapes(text: string): string {
  return redact(text, [], true);
}

/**
 * The secrets a process knows (each token and its secret part), removed by meaning from what is
 * kept, logged, sent over the bridge or printed.
 */
export class Redactor {
  #secrets = new Set<string>();
  /** Every form of every secret, as each clean reads it (kept rather than rebuilt per text). */
  #forms: string[] = [];
  /** The blocks its long fragments are found by. */
  #blocks: Block[] = [];

  add(secret: string): void {
    if (secret.length < 4) return;
    this.#secrets.add(secret);
    const i = secret.indexOf('_pat_');
    if (i >= 0 && secret.length - i - 5 >= 4) this.#secrets.add(secret.slice(i + 5));
    this.#forms = [...this.#secrets].flatMap(secretForms);
    this.#blocks = blocksOf(this.#forms);
  }

  /** The known secrets and anything shaped like a token, in any form, removed. */
  clean(text: string): string {
    return redact(text, this.#forms, true, this.#blocks);
  }

  /** Bound `clean`, for passing where a plain function is wanted. */
  readonly cleaner = (text: string): string => this.clean(text);

  /**
   * Removes the known secrets from every string and key of a parsed JSON value, at any depth, in
   * place (token shapes stay: this is the service's data, a post's text among it). `rawText`, the
   * text it was parsed from, lets an answer with nothing to find skip the walk: without an escape
   * in it (but of control characters, which no token holds), a secret in a parsed string is in
   * that text as written.
   */
  cleanParsed<T>(value: T, rawText?: string): T {
    if (
      rawText !== undefined &&
      !hasEscape(rawText) &&
      !INVISIBLE.test(rawText) &&
      !this.#forms.some((form) => rawText.includes(form)) &&
      !this.#blocks.some((b) => rawText.includes(b.text))
    )
      return value;
    const clean = (text: string): string => redact(text, this.#forms, false, this.#blocks);
    if (typeof value === 'string') return clean(value) as T;
    // A stack, not recursion: an answer may nest deeper than the call stack goes.
    const stack: unknown[] = [value];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node === null || typeof node !== 'object') continue;
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const item = record[key];
        const cleanItem = typeof item === 'string' ? clean(item) : item;
        const cleanKey = Array.isArray(node) ? key : clean(key);
        if (cleanKey !== key) delete record[key];
        // Defined, not assigned: a `__proto__` key from JSON.parse is a plain property to keep.
        if (cleanKey !== key || cleanItem !== item)
          Object.defineProperty(record, cleanKey, {
            value: cleanItem,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        if (item !== null && typeof item === 'object') stack.push(item);
      }
    }
    return value;
  }
}
