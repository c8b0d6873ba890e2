// `export --out FILE`: written whole or not at all. A write that fails half-way (a full disk)
// leaves neither a cut file nor the temporary one, and says why in words about FILE.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as NodeFs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

const full = vi.hoisted(() => ({ on: false }));
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof NodeFs>();
  const writeFileSync: typeof fs.writeFileSync = (file, data, options) => {
    if (!full.on) return fs.writeFileSync(file, data, options);
    // Part of it lands, then the disk is full.
    fs.writeFileSync(file, Buffer.from(data as Uint8Array).subarray(0, 10), options);
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
  return { ...fs, default: { ...fs, writeFileSync }, writeFileSync };
});

const { writeWhole } = await import('../../../src-main/cli/write-out');

const dirs: string[] = [];
afterEach(() => {
  full.on = false;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('writeWhole', () => {
  it('on a full disk leaves nothing behind and says so about the file named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-write-out-'));
    dirs.push(dir);
    full.on = true;
    const file = join(dir, 'plan.csv');
    expect(() => writeWhole(file, Buffer.from('title,platform\r\n'.repeat(100)))).toThrow(
      `There is not enough room on the disk for ${file}; nothing was written.`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes the whole file when there is room', () => {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-write-out-'));
    dirs.push(dir);
    expect(writeWhole(join(dir, 'a.json'), Buffer.from('{}'))).toBe(join(dir, 'a.json'));
    expect(readdirSync(dir)).toEqual(['a.json']);
  });
});
