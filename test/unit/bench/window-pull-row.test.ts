// The row of a first pull with the window open: the pull, when the list came whole, what the
// window read for it, and the verdict.
import { describe, expect, it } from 'vitest';
import { isLoaded } from '../../bench/lib/load';
import { readsText, windowPullRow, type WindowPullFigures } from '../../bench/lib/window-pull-row';

const load = (load1m: number) => ({ load1m, cores: 2, loaded: isLoaded(load1m, 2) });
const figures = (listWholeMs: number | null): WindowPullFigures => ({
  posts: 10_000,
  pullMs: 12_040,
  listWholeMs,
  reads: {
    'posts.list': { requests: 2, bytes: 30_000 },
    'posts.page': { requests: 1, bytes: 480_000 },
    'posts.refresh': { requests: 52, bytes: 14_020_000 },
  },
  cpu: { windowMs: 3_450, hostMs: 15_020 },
});

describe('windowPullRow', () => {
  it('names the size, the pull, when the list came whole and what it read', () => {
    const row = windowPullRow(figures(4_120), load(0.8));
    expect(row.name).toBe('First pull of 10,000 posts with the window open (browser host, Chromium)');
    expect(row.goal).toBe('the list whole before the pull ends');
    expect(row.figure).toBe(
      'pull 12.0 s; list whole at 4.1 s; read for the list: 52 refreshes (14.0 MB), 1 page (0.5 MB); CPU: window 3.5 s, host 15.0 s',
    );
    expect(row.met).toBe(true);
    expect(row.note).toContain('its first screenfuls (2)');
    expect(row.note).toContain('Load at start 0.8.');
  });

  it('is missed when the list came whole only after the pull, or never', () => {
    expect(windowPullRow(figures(12_500), load(3)).met).toBe(false);
    const never = windowPullRow(figures(null), load(3));
    expect(never.met).toBe(false);
    expect(never.figure).toContain('list whole at never');
    expect(never.note).toContain('(loaded)');
  });

  it('counts one refresh and many pages in words', () => {
    const reads = figures(1).reads;
    reads['posts.refresh'] = { requests: 1, bytes: 1_000 };
    reads['posts.page'] = { requests: 717, bytes: 245_900_000 };
    expect(readsText(reads)).toBe('1 refresh (0.0 MB), 717 pages (245.9 MB)');
  });
});
