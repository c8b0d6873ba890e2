// The window's later parts load once and are not lost to one failed load.
import { describe, expect, it } from 'vitest';
import type { Component } from 'svelte';
import { lazy, viewLoadFailed } from '../../../src-renderer/src/lib/lazy-views';

const View = (() => undefined) as unknown as Component<Record<string, unknown>>;

describe('lazy views', () => {
  it('loads a view once, however often it is asked for', async () => {
    let loads = 0;
    const view = lazy<Record<string, unknown>>(() => {
      loads++;
      return Promise.resolve({ default: View });
    });
    expect(await view()).toBe(View);
    expect(await view()).toBe(View);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load, and says what to do meanwhile', async () => {
    let loads = 0;
    const view = lazy<Record<string, unknown>>(() => {
      loads++;
      return loads === 1
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : Promise.resolve({ default: View });
    });
    const failure: unknown = await view().catch((error: unknown) => error);
    expect(viewLoadFailed(failure)).toBe(
      'This part of Outpost could not be loaded (Failed to fetch dynamically imported module). Reload the window or restart Outpost to try again.',
    );
    expect(await view()).toBe(View);
    expect(loads).toBe(2);
  });
});
