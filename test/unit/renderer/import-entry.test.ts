// How an import and an export are reached in the window: the desktop menu's two items, a file
// dropped on the window, and cells pasted from a spreadsheet.
import { describe, expect, it } from 'vitest';
import { isTableFile, looksLikeCells } from '../../../src-renderer/src/lib/state/import.svelte';
import type { WindowParts } from '../../../src-renderer/src/lib/state/route-events';
import { ShellState } from '../../../src-renderer/src/lib/state/shell.svelte';

function shell() {
  const exported: number[] = [];
  const editor = {
    titleDone: () => Promise.resolve(),
    closeIfEmptyNew: () => undefined,
    focus: { drop: () => undefined },
  };
  const state = new ShellState({ editor } as unknown as WindowParts, {
    focusSearch: () => undefined,
    prefetchViews: () => undefined,
    exportPosts: () => exported.push(1),
  });
  return { state, exported };
}

describe('reaching an import or an export', () => {
  it('File > Import Posts opens the import view; Export Posts exports the list', () => {
    const { state, exported } = shell();
    state.runMenuCommand('import-posts');
    expect(state.view).toBe('import');
    expect(exported).toEqual([]);
    state.runMenuCommand('export-posts');
    expect(exported).toEqual([1]);
    expect(state.view).toBe('import');
  });

  it('opens dropped CSV and TSV files, and pasted cells of more than one row', () => {
    expect(['plan.csv', 'PLAN.TSV', 'cells.txt'].map(isTableFile)).toEqual([true, true, true]);
    expect(['plan.xlsx', 'photo.png', 'csv'].map(isTableFile)).toEqual([false, false, false]);
    expect(looksLikeCells('title\ttext\nLaunch\tWe are live')).toBe(true);
    expect(looksLikeCells('one line\twith a tab')).toBe(false);
    expect(looksLikeCells('two lines\nwithout tabs')).toBe(false);
  });
});
