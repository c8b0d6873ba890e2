// The forms a service may keep a text in other than the one sent, and still mean the same text:
// Unicode NFC with whitespace runs collapsed and trimmed, and HTML-escaped (`&` kept as `&amp;`,
// as CMS-backed services do). An answer in such a form is about what was sent; only its form
// differs, and the user is shown the difference rather than the text sent again.

/** Text as a service may tidy it: Unicode NFC, every run of whitespace one space, no ends. */
function tidy(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,6}));/g;

function decodeEntity(entity: string, dec?: string, hex?: string, name?: string): string {
  const code = dec !== undefined ? Number(dec) : hex !== undefined ? Number.parseInt(hex, 16) : null;
  if (code !== null) return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  return NAMED[(name ?? '').toLowerCase()] ?? entity;
}

/** The text with its HTML character references read once (`&amp;lt;` stays `&lt;`). */
export function unescapeHtml(text: string): string {
  return text.includes('&') ? text.replace(ENTITY, decodeEntity) : text;
}

/** How a service's copy of a text stands to the text sent. */
export type StoredForm = 'same' | 'escaped' | 'different';

export function storedForm(stored: string, sent: string): StoredForm {
  if (stored === sent || tidy(stored) === tidy(sent)) return 'same';
  return stored.includes('&') && tidy(unescapeHtml(stored)) === tidy(sent) ? 'escaped' : 'different';
}

/**
 * Whether two texts say the same once the service's known forms (tidied, HTML-escaped) are set
 * aside, whichever side holds which form. Equal strings, the usual case, cost one comparison.
 */
export function sameText(a: string, b: string): boolean {
  return a === b || storedForm(a, b) !== 'different' || storedForm(b, a) !== 'different';
}

/** The character references a stored text holds where the text sent had the character: `&amp;` for `&`. */
export function escapedPairs(stored: string, limit = 3): Array<{ stored: string; sent: string }> {
  const pairs = new Map<string, string>();
  for (const m of stored.matchAll(ENTITY)) {
    const decoded = decodeEntity(m[0], m[1], m[2], m[3]);
    if (decoded !== m[0] && !pairs.has(m[0])) pairs.set(m[0], decoded);
    if (pairs.size >= limit) break;
  }
  return [...pairs].map(([s, c]) => ({ stored: s, sent: c }));
}
