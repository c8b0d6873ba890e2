// The forms a careless service echoes a token in: plain, JSON `\u` escapes (some characters or
// all of them), percent-encoding (some or all, upper or lower hex), and form encoding (`+` for a
// space, so a `+` in the token reads as a space once decoded). Used to build hostile answers and
// to search what Outpost kept, logged, bridged and printed for every one of them.

const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, '0');

/** `\uXXXX` for the characters `pick` chooses, as they appear in JSON text. */
function jsonEscaped(secret: string, pick: (i: number) => boolean, upper: boolean): string {
  return [...secret]
    .map((c, i) => {
      if (!pick(i)) return c;
      const code = hex(c, 4);
      return `\\u${upper ? code.toUpperCase() : code}`;
    })
    .join('');
}

function percentEncoded(secret: string, pick: (i: number) => boolean, upper: boolean): string {
  return [...secret]
    .map((c, i) => {
      if (!pick(i)) return c;
      const code = hex(c, 2);
      return `%${upper ? code.toUpperCase() : code}`;
    })
    .join('');
}

export interface TokenEncoding {
  name: string;
  /** The text as it appears in a body; `json` ones are only meaningful inside JSON strings. */
  text: string;
  json: boolean;
}

/** Every encoding of `secret` a hostile service below uses, and that no output may contain. */
export function tokenEncodings(secret: string): TokenEncoding[] {
  const every = () => true;
  const some = (i: number) => i % 3 === 1;
  const forms: TokenEncoding[] = [
    { name: 'plain', text: secret, json: false },
    { name: 'one character \\u-escaped', text: jsonEscaped(secret, (i) => i === 1, false), json: true },
    { name: 'some characters \\u-escaped', text: jsonEscaped(secret, some, false), json: true },
    { name: 'fully \\u-escaped, upper hex', text: jsonEscaped(secret, every, true), json: true },
    { name: 'fully \\u-escaped, lower hex', text: jsonEscaped(secret, every, false), json: true },
    { name: 'percent-encoded, upper hex', text: percentEncoded(secret, every, true), json: false },
    { name: 'percent-encoded, lower hex', text: percentEncoded(secret, every, false), json: false },
    { name: 'partly percent-encoded', text: percentEncoded(secret, some, true), json: false },
    {
      name: 'form-encoded',
      text: encodeURIComponent(secret).replaceAll('%20', '+'),
      json: false,
    },
  ];
  if (secret.includes('+'))
    forms.push({ name: '+ read as a space', text: secret.replaceAll('+', ' '), json: false });
  // Without duplicates: for a token of letters and digits, form encoding changes nothing.
  return forms.filter((f, i) => forms.findIndex((g) => g.text === f.text) === i);
}

/** The token and its secret part: both must be gone, in every encoding. */
export function secretsOf(token: string): string[] {
  return [token, token.slice(token.indexOf('_pat_') + 5)];
}

/** Which encodings of which secret occur in `bytes`; empty when none. */
export function encodedLeaks(bytes: string | Buffer, secrets: string[], where: string): string[] {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  return secrets.flatMap((secret) =>
    tokenEncodings(secret)
      .filter((e) => buffer.includes(Buffer.from(e.text, 'utf8')))
      .map((e) => `${where}: ${e.name} of ${secret === secrets[0] ? 'the token' : 'its secret part'}`),
  );
}

/** `value` wrapped in `depth` levels of objects and arrays, as an over-eager framework nests errors. */
export function nested(depth: number, value: unknown): unknown {
  let out = value;
  for (let level = 0; level < depth; level++) out = level % 2 === 0 ? { inner: out } : [out];
  return out;
}

/**
 * JSON text of `value` in which each string `⟦name⟧` is replaced by an encoding written as is:
 * a `\u` form lands as escapes in the text, not as backslashes inside a string.
 */
export function jsonWith(value: unknown, encodings: TokenEncoding[]): string {
  let text = JSON.stringify(value);
  for (const [i, e] of encodings.entries()) text = text.replaceAll(`⟦${i}⟧`, e.text);
  return text;
}

/** A placeholder for the i-th encoding, for `jsonWith`. */
export const slot = (i: number): string => `⟦${i}⟧`;
