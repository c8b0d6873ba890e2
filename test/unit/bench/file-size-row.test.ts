// The file size row: bytes per post of both files, the ratio and the verdict against 2x.
import { describe, expect, it } from 'vitest';
import { fileSizeRow, largestText } from '../../bench/lib/file-size-row';
import { isLoaded } from '../../bench/lib/load';

const load = (load1m: number) => ({ load1m, cores: 2, loaded: isLoaded(load1m, 2) });
const objects = [
  { name: 'variant', bytes: 5_500_000, payload: 5_100_000, unused: 250_000 },
  { name: 'post', bytes: 2_400_000, payload: 2_250_000, unused: 100_000 },
];
const figures = (outpostBytes: number) => ({
  posts: 10_000,
  variantsPerPost: 2,
  outpostBytes,
  serviceBytes: 6_320_128,
  outpostObjects: objects,
});

describe('fileSizeRow', () => {
  it('names the size and gives both files per post with their ratio', () => {
    const row = fileSizeRow(figures(11_890_000), load(0.5));
    expect(row.name).toBe('File size: bytes per post (10,000 posts)');
    expect(row.goal).toBe("<= 2x the service's");
    expect(row.figure).toBe('Outpost 1,189 B (11.9 MB), service 632 B (6.3 MB): 1.88x');
    expect(row.met).toBe(true);
    expect(row.note).toContain('variant 5.5 MB (5.1 MB in rows), post 2.4 MB (2.3 MB in rows)');
    expect(row.note).toContain('Load at start 0.5.');
  });

  it('is missed above twice the service', () => {
    const row = fileSizeRow(figures(34_742_272), load(3));
    expect(row.figure).toContain(': 5.50x');
    expect(row.met).toBe(false);
    expect(row.note).toContain('(loaded)');
  });

  it('lists only the largest objects', () => {
    expect(largestText(objects, 1)).toBe('variant 5.5 MB (5.1 MB in rows)');
  });
});
