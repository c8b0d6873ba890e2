// Issue 14, point 6, in the window: invisible characters (bidi overrides and isolates,
// zero-width, controls) are counted by the character counter and listed by the editor.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { findInvisible, identifierProblem, wellFormed } from '../../../src-preload/invisible';
import { countFor } from '../../../src-renderer/src/lib/counter';
import InvisibleMarks from '../../../src-renderer/src/features/editor/InvisibleMarks.svelte';

describe('finding invisible characters', () => {
  it('finds bidi, zero-width and control characters, but not newline or tab', () => {
    const text = 'a\u202eb\u200bc\u200dd\u2066e\u0007f\ng\th\u00a0i';
    expect(findInvisible(text).map((c) => [c.index, c.code])).toEqual([
      [1, 'U+202E'],
      [3, 'U+200B'],
      [5, 'U+200D'],
      [7, 'U+2066'],
      [9, 'U+0007'],
    ]);
    expect(findInvisible(text)[0]!.name).toBe('RIGHT-TO-LEFT OVERRIDE');
    expect(findInvisible('plain text, émoji 😀\nnew line')).toEqual([]);
  });

  it('identifiers may not hold them, nor newlines', () => {
    expect(identifierProblem('linkedin')).toBeNull();
    expect(identifierProblem('x\u202e')).toMatch(/U\+202E RIGHT-TO-LEFT OVERRIDE/);
    expect(identifierProblem('x\ny')).toMatch(/U\+000A/);
  });

  it('lone surrogates become U+FFFD; pairs stay', () => {
    expect(wellFormed('a\ud800b\udc00c\ud83d\ude00')).toBe('a\ufffdb\ufffdc😀');
  });
});

describe('the counter', () => {
  it.each([
    ['bluesky', 'hi\u200b', 3],
    ['bluesky', 'a\u200db', 3],
    ['linkedin', '\u202eabc', 4],
    ['mastodon', 'x\u2066y\u2069', 4],
  ])('%s counts every invisible character in %j', (platform, text, used) => {
    const count = countFor(platform, text)!;
    expect(count.used).toBe(used);
    expect(count.invisible).toHaveLength(findInvisible(text).length);
  });

  it('X counts a zero-width space too', () => {
    expect(countFor('x', 'hello\u200b')!.used).toBeGreaterThan(countFor('x', 'hello')!.used);
  });
});

describe('the editor mark', () => {
  it('lists each invisible character with its code, name and position', () => {
    const { body } = render(InvisibleMarks, { props: { text: 'pay\u202etxt.exe \u200b\u200b' } });
    expect(body).toContain('Invisible characters in this text');
    expect(body).toContain('U+202E');
    expect(body).toContain('right-to-left override, at position 4');
    expect(body).toMatch(/U\+200B<\/code>\s*zero width space, at positions 13, 14/);
  });

  it('shows nothing for ordinary text', () => {
    expect(render(InvisibleMarks, { props: { text: 'Launch day!\n\tSee you' } }).body).not.toContain(
      'Invisible',
    );
  });
});
