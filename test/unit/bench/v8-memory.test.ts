// The V8 memory settings reach every Node entry point that runs the core outside Electron.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { V8_MEMORY_FLAGS } from '../../../src-main/shared/v8-memory';

const read = (path: string): string => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('V8 memory settings', () => {
  it('the installed CLI sets the same flags as src-main/shared/v8-memory.ts', () => {
    const bin = read('bin/outpost.mjs');
    for (const flag of V8_MEMORY_FLAGS) expect(bin).toContain(`'${flag}'`);
  });

  it('the browser host applies them when run as a program', () => {
    expect(read('src-main/browser-host.ts')).toMatch(/applyV8MemorySettings\(\);\s*void main\(/);
  });
});
