import { describe, expect, it } from 'vitest';
import {
  displayLink,
  foldAt,
  overLimitAt,
  previewPieces,
} from '../../../src-renderer/src/features/preview/preview-text';

describe('preview text', () => {
  it('marks links, mentions and hashtags, and shows links as X counts them', () => {
    const pieces = previewPieces(
      'x',
      'Hi @northwind, see https://example.com/a/very/long/path/to/a/page #coffee',
    );
    expect(pieces.map((p) => [p.kind, p.text])).toEqual([
      ['text', 'Hi '],
      ['mention', '@northwind'],
      ['text', ', see '],
      ['link', 'example.com/a/very/lon…'],
      ['text', ' '],
      ['hashtag', '#coffee'],
    ]);
    expect(pieces[3]!.href).toBe('https://example.com/a/very/long/path/to/a/page');
    expect(displayLink('https://www.short.io')).toBe('short.io');
  });

  it('marks the part over the limit, counted as each platform counts', () => {
    expect(overLimitAt('x', 'a'.repeat(280))).toBeNull();
    expect(overLimitAt('x', 'a'.repeat(285))).toBe(280);
    const pieces = previewPieces('x', 'a'.repeat(285));
    expect(pieces.map((p) => [p.text.length, p.over])).toEqual([
      [280, false],
      [5, true],
    ]);
    // Bluesky counts graphemes: a family emoji is one.
    expect(overLimitAt('bluesky', `${'a'.repeat(299)}👨‍👩‍👧`)).toBeNull();
    expect(overLimitAt('friendster', 'a'.repeat(10_000))).toBeNull();
  });

  it('cuts LinkedIn and Instagram where their "see more" falls', () => {
    const text = 'b'.repeat(300);
    expect(foldAt('linkedin', text)).toBe(210);
    expect(foldAt('instagram', text)).toBe(125);
    expect(foldAt('x', text)).toBeNull();
    expect(previewPieces('linkedin', text).map((p) => p.folded)).toEqual([false, true]);
  });
});
