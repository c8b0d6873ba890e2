import { describe, expect, it } from 'vitest';
import { shortened } from '../../../src-renderer/src/lib/shorten';

describe('text shortened to quote it', () => {
  it('keeps a short text whole, trimmed', () => {
    expect(shortened('  We launch tomorrow.\n')).toBe('We launch tomorrow.');
  });

  it('cuts a long one at a whole character, with an ellipsis', () => {
    expect(shortened('abcdefgh', 5)).toBe('abcde…');
    // A family emoji is one character to a reader: never split into its parts.
    expect(shortened('ab👨‍👩‍👧cd', 3)).toBe('ab👨‍👩‍👧…');
    expect(shortened('abc   def', 5)).toBe('abc…');
  });

  it('keeps at most a few lines', () => {
    expect(shortened('1\n2\n3\n4', 100, 2)).toBe('1\n2…');
  });
});
