// The difference between two texts, word by word (jsdiff), for the History panel: what a restore
// would take away from the text now, and what it would bring back. Spaces and line breaks count,
// so a change of layout shows too.
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
