// Keys held for a field are typed into its text at its caret (keysAtCaret, which typeInto
// applies to the field), or, for a field that never took the caret (its post was left while it
// loaded), after its text (applyKeys).
import { describe, expect, it } from 'vitest';
import { applyKeys, keysAtCaret, type HeldKey } from '../../../src-renderer/src/lib/state/editor/held-keys';

const text = (t: string): HeldKey => ({ kind: 'text', text: t });
const typed = (s: string): HeldKey[] => [...s].map(text);

describe('keys applied to a text with the caret after it', () => {
  it('appends what was typed', () => {
    expect(applyKeys('Alpha ', typed('[45]'), true)).toBe('Alpha [45]');
  });

  it('select-all then typing puts the keys in the whole text’s place', () => {
    expect(applyKeys('Alpha [44]', [{ kind: 'selectAll' }, ...typed('[49]')], true)).toBe('[49]');
  });

  it('Backspace takes the character before the caret, or the selection; Delete at the end takes nothing', () => {
    expect(applyKeys('Alpha', [{ kind: 'backspace' }, ...typed('!')], true)).toBe('Alph!');
    expect(applyKeys('Alpha', [{ kind: 'selectAll' }, { kind: 'backspace' }], true)).toBe('');
    expect(applyKeys('', [{ kind: 'backspace' }], true)).toBe('');
    expect(applyKeys('Alpha', [{ kind: 'delete' }], true)).toBe('Alpha');
    expect(applyKeys('Alpha', [{ kind: 'selectAll' }, { kind: 'delete' }, ...typed('B')], true)).toBe('B');
  });

  it('Enter is a new line in a text area, nothing in a one-line field', () => {
    expect(applyKeys('a', [{ kind: 'newline' }, ...typed('b')], true)).toBe('a\nb');
    expect(applyKeys('a', [{ kind: 'newline' }, ...typed('b')], false)).toBe('ab');
  });

  it('no keys leave the text as it was', () => {
    expect(applyKeys('Beta ', [], true)).toBe('Beta ');
  });
});

describe('keys applied to a text at its caret', () => {
  it('types at the caret, and the caret follows what was typed', () => {
    expect(keysAtCaret({ value: 'Alpha beta', start: 5, end: 5 }, typed(','), true)).toEqual({
      value: 'Alpha, beta',
      start: 6,
      end: 6,
    });
  });

  it('a selection is replaced by the first key, or taken by Backspace and Delete', () => {
    const at = { value: 'Alpha beta', start: 6, end: 10 };
    expect(keysAtCaret(at, typed('gamma'), true)).toEqual({ value: 'Alpha gamma', start: 11, end: 11 });
    expect(keysAtCaret(at, [{ kind: 'backspace' }], true)).toEqual({ value: 'Alpha ', start: 6, end: 6 });
    expect(keysAtCaret(at, [{ kind: 'delete' }], true)).toEqual({ value: 'Alpha ', start: 6, end: 6 });
  });

  it('Delete takes the character after the caret; Backspace at the start takes nothing', () => {
    expect(keysAtCaret({ value: 'abc', start: 1, end: 1 }, [{ kind: 'delete' }], true).value).toBe('ac');
    expect(keysAtCaret({ value: 'abc', start: 0, end: 0 }, [{ kind: 'backspace' }], true)).toEqual({
      value: 'abc',
      start: 0,
      end: 0,
    });
  });

  it('select-all leaves the whole text selected until the next key', () => {
    expect(keysAtCaret({ value: 'abc', start: 1, end: 1 }, [{ kind: 'selectAll' }], false)).toEqual({
      value: 'abc',
      start: 0,
      end: 3,
    });
  });
});
