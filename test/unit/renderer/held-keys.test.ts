// Keys held for a field that never took the caret (its post was left while it loaded) are typed
// into its text all the same, as typeInto would have typed them into the field with the caret
// after its text.
import { describe, expect, it } from 'vitest';
import { applyKeys, type HeldKey } from '../../../src-renderer/src/lib/state/editor/held-keys';

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
