// The words Outpost says to people live in this folder, one file per subject, so a state, a
// refusal or a failure reads the same in the window, the CLI and the core, and a translation
// has one place to plug in. This file: what a person must never read (machine words, held
// to by test/unit/words.test.ts for every output of these files), and how a code the service
// sent becomes words. Codes stay codes where a machine reads them (JSON, the bridge).

/**
 * Machine words: connection error codes, the service's status strings and our own codes
 * (anything_with_underscores), and "read back", which only the code means anything by.
 */
export const JARGON: readonly RegExp[] = [
  /\bE[A-Z]{4,}\b/,
  /\bUND_ERR\w*/,
  /\bread(?:ing)?(?: it)?[ -]back\b/i,
  /Service status:/,
  /\b[a-z]+(?:_[a-z]+)+\b/,
];

/** The jargon `text` holds, if any (for the tests that hold the words to this list). */
export function jargonIn(text: string): string | null {
  for (const pattern of JARGON) {
    const found = pattern.exec(text);
    if (found) return found[0];
  }
  return null;
}

/**
 * A code the service sent (`variant.approval_requested`, `no_default_available`) as words:
 * "Variant approval requested", "No default available". Anything else is left as it came.
 */
export function codeToWords(code: string): string {
  if (!/^[a-z0-9]+([._:-][a-z0-9]+)+$/i.test(code)) return code;
  const words = code.replace(/[._:-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A value the service sent in a field Outpost shows as it came (an activity entry's detail):
 * a code in snake_case (`no_default_available`, `variant.approval_requested`) in words,
 * anything else (names, slugs, links, sentences) as it is.
 */
export function valueWords(value: string): string {
  return /^[a-z0-9]+([._][a-z0-9]+)+$/.test(value) && value.includes('_')
    ? codeToWords(value).toLowerCase()
    : value;
}

/** "Launch day is …" -> "launch day is …": a sentence to follow a colon. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A message as one sentence, ending in a full stop once. */
export function sentence(message: string): string {
  const text = message.trim();
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}
