import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLogger, Redactor } from '../../../../src-main/core/app/connection/file-logger';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('file logger', () => {
  it('never writes the token, its secret part, or anything shaped like a token', () => {
    dir = mkdtempSync(join(tmpdir(), 'outpost-log-'));
    const redactor = new Redactor();
    const token = 'cps_pat_S3cretValue123';
    redactor.add(token);
    const log = createFileLogger(dir, redactor, () => new Date('2030-01-01T00:00:00Z'));
    log.info(`sent with ${token}`, { header: `Bearer ${token}`, part: 'S3cretValue123' });
    log.error('other', { t: 'xyz_pat_another0ne' });
    log.close();
    const text = readFileSync(log.file, 'utf8');
    expect(text).not.toContain('S3cretValue123');
    expect(text).not.toContain('another0ne');
    expect(text).toContain('[redacted]');
    expect(text.split('\n').filter(Boolean)).toHaveLength(2);
    expect(text).toMatch(/^2030-01-01T00:00:00.000Z INFO sent with \[redacted\]/);
  });

  it('writes service text as the CLI does: escape sequences and bidi controls are visible escapes', () => {
    dir = mkdtempSync(join(tmpdir(), 'outpost-log-'));
    const log = createFileLogger(dir, new Redactor(), () => new Date('2030-01-01T00:00:00Z'));
    log.warn('title \u001b]0;owned\u0007 \u001b[2J \u202eevil', {
      reason: 'bell\u0007 \u009b31m next\nline',
    });
    log.close();
    const text = readFileSync(log.file, 'utf8');
    const raw = [...text].filter(
      (c) => c !== '\n' && (c < ' ' || (c >= '\u007f' && c <= '\u009f') || c === '\u202e'),
    );
    expect(raw).toEqual([]);
    expect(text).toContain('title \\x1b]0;owned\\x07 \\x1b[2J \\u202eevil');
    expect(text.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('sets a log past its size aside at start, so two files at most are kept', () => {
    dir = mkdtempSync(join(tmpdir(), 'outpost-log-'));
    const at = () => new Date('2030-01-01T00:00:00Z');
    const first = createFileLogger(dir, new Redactor(), at, 200);
    for (let i = 0; i < 10; i++) first.info(`line ${i} of the first session`);
    first.close();
    const second = createFileLogger(dir, new Redactor(), at, 200);
    second.info('second session');
    second.close();
    expect(readFileSync(join(dir, 'logs', 'outpost.1.log'), 'utf8')).toContain('line 9 of the first session');
    expect(readFileSync(second.file, 'utf8').trim().split('\n')).toHaveLength(1);
    // Under the size: the next session appends.
    const third = createFileLogger(dir, new Redactor(), at, 200);
    third.info('third session');
    third.close();
    expect(readFileSync(second.file, 'utf8')).toMatch(/second session[\s\S]*third session/);
    expect(existsSync(join(dir, 'logs', 'outpost.2.log'))).toBe(false);
  });
});
