// The CLI's one printing layer: every write escapes control, bidi and invisible characters,
// after the secrets are removed, and keeps only the newlines and tabs of its own layout.
import { describe, expect, it } from 'vitest';
import { inlineField, platformField, printer } from '../../../src-main/cli/output';

function capture() {
  const written = { out: '', err: '' };
  const print = printer({ stdout: (t) => (written.out += t), stderr: (t) => (written.err += t) }, (t) =>
    t.replaceAll('cps_pat_secret', '[redacted]'),
  );
  return { written, print };
}

describe('the CLI printer', () => {
  it('escapes what a terminal would act on, on both streams, and keeps its own layout', () => {
    const { written, print } = capture();
    print.out('id\tLaunch\u001b]0;pwned\u0007 \u202eexe.txt\n');
    print.err('outpost: \u009b2J\r\n');
    expect(written.out).toBe('id\tLaunch\\x1b]0;pwned\\x07 \\u202eexe.txt\n');
    expect(written.err).toBe('outpost: \\x9b2J\\r\n');
  });

  it('prints one JSON document with C1 and bidi escaped, reading back the same value', () => {
    const { written, print } = capture();
    const value = { title: 'a\u001b\u0085\u202e\u{e0041}b', token: 'cps_pat_secret' };
    print.json(value);
    expect(written.out.endsWith('\n')).toBe(true);
    expect(written.out.trim().split('\n')).toHaveLength(1);
    // eslint-disable-next-line no-control-regex
    expect(written.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]|\u{e0041}/u);
    expect(JSON.parse(written.out)).toEqual({ ...value, token: '[redacted]' });
  });

  it('removes a secret before escaping, so an escape cannot hide one', () => {
    const { written, print } = capture();
    print.out('echo cps_pat_secret\u0007');
    expect(written.out).toBe('echo [redacted]\\x07');
  });

  it('keeps a field on its line and flags a platform a typed one could not be', () => {
    expect(inlineField('two\nlines\tand a tab')).toBe('two\\nlines\\tand a tab');
    expect(platformField('mastodon')).toBe('mastodon');
    expect(platformField('x\u202elive')).toBe('x\\u202elive [invisible characters]');
  });
});
