// In the window: invisible characters (bidi overrides and isolates,
// zero-width, controls) are counted by the character counter and listed by the editor.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import {
  escapeInvisible,
  escapeInvisibleInJson,
  findInvisible,
  identifierProblem,
  wellFormed,
  withoutInvisible,
} from '@preload/invisible';
import { platformName } from '@preload/platforms';
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

  it('finds tag characters and the soft hyphen, and names them', () => {
    // "hi" smuggled in tag characters after a visible word, and a soft hyphen inside one.
    const text = 'ok\u{e0068}\u{e0069} co\u00adop';
    expect(findInvisible(text).map((c) => [c.index, c.code, c.name])).toEqual([
      [2, 'U+E0068', 'TAG CHARACTER'],
      [4, 'U+E0069', 'TAG CHARACTER'],
      [9, 'U+00AD', 'SOFT HYPHEN'],
    ]);
    expect(identifierProblem('x\u{e0041}')).toMatch(/U\+E0041 TAG CHARACTER/);
    expect(identifierProblem('lin\u00adkedin')).toMatch(/U\+00AD SOFT HYPHEN/);
  });

  // Unicode 15.1's DerivedCoreProperties.txt, Default_Ignorable_Code_Point, and the bidi
  // controls of PropList.txt, written out here so the list is checked against the standard.
  const DEFAULT_IGNORABLE: Array<[number, number]> = [
    [0x00ad, 0x00ad],
    [0x034f, 0x034f],
    [0x061c, 0x061c],
    [0x115f, 0x1160],
    [0x17b4, 0x17b5],
    [0x180b, 0x180f],
    [0x200b, 0x200f],
    [0x202a, 0x202e],
    [0x2060, 0x206f],
    [0x3164, 0x3164],
    [0xfe00, 0xfe0f],
    [0xfeff, 0xfeff],
    [0xffa0, 0xffa0],
    [0xfff0, 0xfff8],
    [0x1bca0, 0x1bca3],
    [0x1d173, 0x1d17a],
    [0xe0000, 0xe0fff],
  ];
  const BIDI_CONTROLS = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067];

  it('covers every default-ignorable code point, every bidi control and every control but newline and tab', () => {
    const points: number[] = [...BIDI_CONTROLS, 0x2068, 0x2069, 0x2028, 0x2029];
    for (const [from, to] of DEFAULT_IGNORABLE) for (let p = from; p <= to; p++) points.push(p);
    for (let p = 0; p <= 0x9f; p++) if ((p < 0x20 || p >= 0x7f) && p !== 0x0a && p !== 0x09) points.push(p);
    const missed = points.filter((p) => findInvisible(`a${String.fromCodePoint(p)}b`).length !== 1);
    expect(missed.map((p) => p.toString(16))).toEqual([]);
    const allowed = points.filter((p) => identifierProblem(`a${String.fromCodePoint(p)}`) === null);
    expect(allowed).toEqual([]);
    // Ordinary letters, spaces and symbols are not in it.
    for (const ordinary of ['é', '\u00a0', 'ß', 'א', 'ع', '中', '😀', '-', '…'])
      expect(findInvisible(ordinary)).toEqual([]);
  });

  it('leaves an emoji built with joiners, variation selectors or tags whole', () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
    const heart = '\u2764\ufe0f';
    const scotland = '\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}';
    expect(findInvisible(`${family} ${heart} ${scotland}`)).toEqual([]);
    expect(withoutInvisible(`${family}\u200b`)).toBe(family);
    // Outside an emoji the same characters are reported.
    expect(findInvisible('a\u200db\ufe0f\u{e0067}').map((c) => c.code)).toEqual([
      'U+200D',
      'U+FE0F',
      'U+E0067',
    ]);
  });

  it('lone surrogates become U+FFFD; pairs stay', () => {
    expect(wellFormed('a\ud800b\udc00c\ud83d\ude00')).toBe('a\ufffdb\ufffdc😀');
  });
});

describe('escaping invisible characters', () => {
  it('writes each as a visible escape, keeping what is asked and whole emoji', () => {
    const text = 'a\u001b]0;pwned\u0007\u009b2J\u202eb\u{e0041}\r\n\t\u00adc \u2764\ufe0f';
    expect(escapeInvisible(text)).toBe(
      'a\\x1b]0;pwned\\x07\\x9b2J\\u202eb\\u{e0041}\\r\\n\\t\\xadc \u2764\ufe0f',
    );
    expect(escapeInvisible(text, '\n\t')).toBe(
      'a\\x1b]0;pwned\\x07\\x9b2J\\u202eb\\u{e0041}\\r\n\t\\xadc \u2764\ufe0f',
    );
    expect(escapeInvisible('plain')).toBe('plain');
  });

  it('leaves text whose only characters of the set are the kept ones as it is, and escapes the rest', () => {
    expect(escapeInvisible('one\ntwo\tthree\n', '\n\t')).toBe('one\ntwo\tthree\n');
    expect(escapeInvisible('one\ntwo\r\n', '\n')).toBe('one\ntwo\\r\n');
    expect(escapeInvisible('one\ntwo', '\t')).toBe('one\\ntwo');
    expect(withoutInvisible('line\n\tindented')).toBe('line\n\tindented');
    expect(withoutInvisible('line\n\u200bhidden')).toBe('line\nhidden');
    expect(findInvisible('line\n\tindented')).toEqual([]);
  });

  it('escapes them in JSON text so that it reads back the same', () => {
    const value = { title: 'x\u001b\u0085\u202e\u{e0041}\u00ad\u2028y', n: 1 };
    const json = escapeInvisibleInJson(JSON.stringify(value));
    expect(json).toBe('{"title":"x\\u001b\\u0085\\u202e\\udb40\\udc41\\u00ad\\u2028y","n":1}');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('shows a platform the service named with them escaped, never reordered', () => {
    expect(platformName('x\u202eevil')).toBe('x\\u202eevil');
    expect(platformName('twitter')).toBe('X');
    expect(platformName('Pixelfed')).toBe('Pixelfed');
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
