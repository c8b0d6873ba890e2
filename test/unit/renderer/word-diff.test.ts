// The comparison History and the Discard question show (lib/word-diff.ts): word by word, whitespace and
// line breaks kept, and the counts its legend gives.
import { describe, expect, it } from 'vitest';
import { changeSummary, changedWords, wordDiff } from '../../../src-renderer/src/lib/word-diff';

describe('wordDiff', () => {
  it('marks whole words taken away and brought back, and keeps the rest as it was', () => {
    const parts = wordDiff('We launch on Tuesday at ten.', 'We launch on Friday at ten.');
    expect(parts).toEqual([
      { kind: 'same', text: 'We launch on ' },
      { kind: 'removed', text: 'Tuesday' },
      { kind: 'added', text: 'Friday' },
      { kind: 'same', text: ' at ten.' },
    ]);
    expect(changedWords(parts)).toEqual({ removed: 1, added: 1 });
  });

  it('puts both texts back together exactly, line breaks included', () => {
    const from = 'First line\nsecond line, then more.';
    const to = 'First line\n\nSecond line, and more.';
    const parts = wordDiff(from, to);
    const side = (kind: 'added' | 'removed') =>
      parts
        .filter((p) => p.kind !== kind)
        .map((p) => p.text)
        .join('');
    expect(side('added')).toBe(from);
    expect(side('removed')).toBe(to);
  });

  it('shows nothing changed between equal texts, and all of a text against an empty one', () => {
    expect(wordDiff('Same words', 'Same words')).toEqual([{ kind: 'same', text: 'Same words' }]);
    expect(changedWords(wordDiff('', 'Three new words'))).toEqual({ removed: 0, added: 3 });
  });
});

describe('what a version changed from the one before', () => {
  it('names the words added and taken away, not the start both share', () => {
    expect(changeSummary('We launch tomorrow.', 'We launch tomorrow, at ten sharp.')).toBe('+, at ten sharp');
    expect(changeSummary('Flat white, cortado.', 'Flat white.')).toBe('−, cortado');
    expect(changeSummary('a  b', 'a b')).toBe('spacing changed');
    expect(changeSummary('same', 'same')).toBe('no change');
  });

  it('is kept short', () => {
    const long = changeSummary('x', `x ${'word '.repeat(40)}`);
    expect(long.length).toBe(80);
    expect(long.endsWith('…')).toBe(true);
  });
});
