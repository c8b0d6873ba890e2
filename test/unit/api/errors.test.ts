import { describe, expect, it } from 'vitest';
import { extractServiceMessage, parseRetryAfter, scrub } from '../../../src-main/core/api/errors';

const now = new Date('2026-03-01T12:00:00.000Z');

describe('parseRetryAfter', () => {
  it.each([
    [null, null],
    ['', null],
    ['0', 0],
    ['7', 7000],
    [' 120 ', 120_000],
    ['Sun, 01 Mar 2026 12:00:30 GMT', 30_000],
    ['Sun, 01 Mar 2026 11:00:00 GMT', 0],
    ['-5', null],
    ['1.5', null],
    ['soon', null],
  ])('%j -> %j ms', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});

describe('extractServiceMessage', () => {
  it.each([
    ['{"detail":"Variant has no posting account."}', 'Variant has no posting account.'],
    ['{"message":"Title too long"}', 'Title too long'],
    ['{"error":"bad thing"}', 'bad thing'],
    ['{"error":{"code":"invalid","message":"Nested message"}}', 'Nested message'],
    ['{"errors":[{"message":"first"},{"message":"second"}]}', 'first second'],
    [
      '{"content":["This field is required."],"platform":["Unknown."]}',
      'content: This field is required.; platform: Unknown.',
    ],
    ['{"non_field_errors":["Clash."]}', 'Clash.'],
    ['  Plain text failure \n', 'Plain text failure'],
    ['<html><body>Bad Gateway</body></html>', '<html><body>Bad Gateway</body></html>'],
    ['', null],
    ['   ', null],
  ])('%j -> %j', (body, expected) => {
    expect(extractServiceMessage(body)).toBe(expected);
  });

  it('falls back to the JSON text when no message is found', () => {
    expect(extractServiceMessage('{"ok":false}')).toBe('{"ok":false}');
  });

  it('clips very long bodies', () => {
    const message = extractServiceMessage('x'.repeat(10_000));
    expect(message?.length).toBeLessThan(2100);
  });
});

describe('scrub', () => {
  it('removes every occurrence of the secret', () => {
    expect(scrub('token cps_pat_abc is bad; cps_pat_abc again', 'cps_pat_abc')).toBe(
      'token [redacted] is bad; [redacted] again',
    );
  });
});
