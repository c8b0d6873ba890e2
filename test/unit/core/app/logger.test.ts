import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLogger, Redactor } from '../../../../src-main/core/app/logger';

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
});
