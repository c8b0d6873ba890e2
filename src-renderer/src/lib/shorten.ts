// Text shown shortened where it must fit (the discard question quotes what would go): cut at a
// whole character as people see it (an emoji, a letter with its accents), with an ellipsis.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The text trimmed to its first `maxLines` lines and `max` characters, with "…" where
 * something was left out.
 */
export function shortened(text: string, max = 280, maxLines = 6): string {
  const lines = text.trim().split('\n');
  const kept = lines.slice(0, maxLines).join('\n');
  const characters = Array.from(segmenter.segment(kept), (s) => s.segment);
  if (characters.length <= max && lines.length <= maxLines) return kept;
  return `${characters.slice(0, max).join('').trimEnd()}…`;
}
