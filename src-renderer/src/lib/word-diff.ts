// The difference between two texts, word by word (jsdiff): what a restore from History, or a
// discard, would take away from the text now, and what it would bring back. Spaces and line
// breaks count, so a change of layout shows too.
import { diffWordsWithSpace } from 'diff';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export function wordDiff(from: string, to: string): DiffPart[] {
  return diffWordsWithSpace(from, to).map((c) => ({
    kind: c.added ? 'added' : c.removed ? 'removed' : 'same',
    text: c.value,
  }));
}

/** How many words each side changes: "3 words would go, 5 would come back". */
export function changedWords(parts: readonly DiffPart[]): { removed: number; added: number } {
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  let removed = 0;
  let added = 0;
  for (const p of parts) {
    if (p.kind === 'removed') removed += words(p.text);
    if (p.kind === 'added') added += words(p.text);
  }
  return { removed, added };
}

/**
 * What a version changed from the one before it, in a few words: "+at ten sharp −tomorrow".
 * Versions of one text often start alike, so their first lines do not tell them apart.
 */
export function changeSummary(before: string, after: string, max = 80): string {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const pieces = wordDiff(before, after)
    .filter((p) => p.kind !== 'same' && oneLine(p.text) !== '')
    .map((p) => `${p.kind === 'added' ? '+' : '−'}${oneLine(p.text)}`);
  if (pieces.length === 0) return before === after ? 'no change' : 'spacing changed';
  const joined = pieces.join(' ');
  return joined.length > max ? `${joined.slice(0, max - 1)}…` : joined;
}
