import { describe, expect, it } from 'vitest';
import {
  countFor,
  countGraphemes,
  countX,
  platformKey,
  platformName,
} from '../../../src-renderer/src/lib/counter';

describe('platform counters', () => {
  it.each([
    // platform, text, used, limit
    ['x', 'hello', 5, 280],
    ['X', 'hello', 5, 280],
    ['twitter', 'hello', 5, 280],
    ['bluesky', 'hello', 5, 300],
    ['threads', 'hello', 5, 500],
    ['linkedin', 'hello', 5, 3000],
    ['mastodon', 'hello', 5, 500],
    ['instagram', 'hello', 5, 2200],
  ])('%s counts %j as %i of %i', (platform, text, used, limit) => {
    expect(countFor(platform, text)).toMatchObject({ used, limit, over: false });
  });

  it('gives no counter, and no guessed limit, for a platform it does not know', () => {
    expect(countFor('myspace', 'hello')).toBeNull();
    expect(platformKey('myspace')).toBeNull();
    expect(platformName('myspace')).toBe('myspace');
  });

  it('counts every URL on X as 23, whatever its length', () => {
    const long = `https://example.com/${'a'.repeat(200)}`;
    expect(countX(long)).toBe(23);
    expect(countX('see https://x.co')).toBe(4 + 23);
    expect(countX(`read ${long} and https://example.org/b`)).toBe(5 + 23 + 5 + 23);
  });

  it('weighs emoji and CJK as two on X', () => {
    expect(countX('👍')).toBe(2);
    expect(countX('👨‍👩‍👧‍👦')).toBe(2);
    expect(countX('日本語')).toBe(6);
  });

  it('flags X text past 280 weighted characters', () => {
    expect(countFor('x', 'a'.repeat(280))).toMatchObject({ used: 280, over: false });
    expect(countFor('x', 'a'.repeat(281))).toMatchObject({ used: 281, over: true });
    // 140 CJK characters already weigh 280.
    expect(countFor('x', '字'.repeat(141))).toMatchObject({ used: 282, over: true });
  });

  it('counts Bluesky in graphemes: a family emoji or a flag is one', () => {
    expect(countGraphemes('👨‍👩‍👧‍👦')).toBe(1);
    expect(countGraphemes('🇫🇷🇩🇪')).toBe(2);
    expect(countGraphemes('é')).toBe(1); // e + combining accent
    expect(countFor('bluesky', '👍'.repeat(300))).toMatchObject({ used: 300, over: false });
    expect(countFor('bluesky', '👍'.repeat(301))).toMatchObject({ used: 301, over: true });
    // The same text in UTF-16 code units would be 602: graphemes are what counts.
    expect('👍'.repeat(301).length).toBe(602);
  });

  it('flags the other platforms one past their limit', () => {
    expect(countFor('threads', 'a'.repeat(501))?.over).toBe(true);
    expect(countFor('mastodon', 'a'.repeat(500))?.over).toBe(false);
    expect(countFor('instagram', 'a'.repeat(2201))?.over).toBe(true);
    expect(countFor('linkedin', 'a'.repeat(3000))?.over).toBe(false);
    expect(countFor('linkedin', 'a'.repeat(3001))?.over).toBe(true);
  });
});

describe('graphemes counted a piece at a time', () => {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const whole = (text: string): number => [...segmenter.segment(text)].length;

  // Each would be cut inside a grapheme by some piece: flags (pairs counted from the run's
  // start), joined emoji, marks, a skin tone, a keycap, Hangul syllables in jamo, an Indic
  // conjunct, CR LF, and one letter under more marks than a piece holds.
  const TEXTS: Array<[string, string]> = [
    ['an odd run of flags', '🇩🇪🇫🇷🇮🇹🇪🇸🇬🇧x🇯🇵🇰🇷🇺🇸'],
    ['a joined family', 'a👨‍👩‍👧‍👦b👩🏽‍💻c'],
    ['letters and their marks', 'e\u0301a\u0308o\u0302\u0323'],
    ['a keycap and a skin tone', '1️⃣👍🏿'],
    ['Hangul in jamo', '\u1100\u1161\u11A8\u1100\u1161'],
    ['an Indic conjunct', 'क्ष क्‍ष स्त्र'],
    ['lines ending in CR LF', 'a\r\nb\r\n\r\nc'],
    ['a letter under 40 marks', `a${'\u0301'.repeat(40)}b`],
  ];

  it.each(TEXTS)('%s: every piece size counts as the whole text does', (_, text) => {
    const expected = whole(text);
    for (let piece = 1; piece <= text.length + 1; piece++) expect(countGraphemes(text, piece)).toBe(expected);
  });

  it('counts a text past 65,536 units with an emoji as its parts add up', () => {
    // The length at which Node's segmenter, given the text whole, stood still for minutes.
    const part = 'Lorem ipsum dolor sit amet 😀 שלום ';
    const text = part.repeat(3000);
    expect(text.length).toBeGreaterThan(65_536);
    expect(countGraphemes(text)).toBe(whole(part) * 3000);
  });
});
