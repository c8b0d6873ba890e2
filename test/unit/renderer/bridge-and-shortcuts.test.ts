import { describe, expect, it } from 'vitest';
import { keepsOwnUndo, shortcutFor, SHORTCUTS, withShortcut } from '../../../src-renderer/src/lib/shortcuts';
import { describeEntry } from '@preload/words/service-records';

describe('keyboard shortcuts', () => {
  const key = (
    code: string,
    mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {},
  ) => ({
    code,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...mods,
  });
  it.each([
    [key('KeyN', { altKey: true }), 'newPost'],
    [key('KeyK', { ctrlKey: true }), 'search'],
    [key('KeyK', { metaKey: true }), 'search'],
    [key('BracketRight', { altKey: true }), 'nextVariant'],
    [key('BracketLeft', { altKey: true }), 'previousVariant'],
    [key('KeyS', { altKey: true }), 'schedule'],
    [key('KeyR', { altKey: true }), 'sync'],
    [key('KeyZ', { ctrlKey: true }), 'undo'],
    [key('KeyZ', { metaKey: true }), 'undo'],
    [key('KeyZ', { ctrlKey: true, shiftKey: true }), null],
    [key('KeyZ'), null],
    [key('KeyN'), null],
    [key('KeyN', { ctrlKey: true }), null],
    [key('KeyS', { altKey: true, shiftKey: true }), null],
  ])('%o means %s', (event, action) => {
    expect(shortcutFor(event)).toBe(action);
  });

  it('names the shortcut in tooltips', () => {
    expect(withShortcut('New post', 'newPost')).toBe('New post (Alt+N)');
    expect(SHORTCUTS.search.keys).toBe('Control+K');
    expect(withShortcut('Undo', 'undo')).toBe('Undo (Ctrl+Z)');
  });

  it('leaves Ctrl+Z to a text field, a choice or editable text: their own undo goes first', () => {
    // An element as keepsOwnUndo sees it: where it sits (closest) and whether it is editable.
    const inside = (selector: string | null, editable = false) => ({
      isContentEditable: editable,
      closest: (wanted: string) => (selector !== null && wanted.split(', ').includes(selector) ? {} : null),
    });
    expect(keepsOwnUndo(inside('textarea') as never)).toBe(true);
    expect(keepsOwnUndo(inside('input') as never)).toBe(true);
    expect(keepsOwnUndo(inside('select') as never)).toBe(true);
    expect(keepsOwnUndo(inside(null, true) as never)).toBe(true);
    expect(keepsOwnUndo(inside(null) as never)).toBe(false);
    expect(keepsOwnUndo(null)).toBe(false);
  });
});

describe('entries with unpromised fields', () => {
  it('shows common fields when present, else the entry as it came', () => {
    expect(
      describeEntry(
        { action: 'published', actor: { username: 'ana' }, created_at: '2026-01-01' },
        { locale: 'en-GB' },
      ),
    ).toEqual({ title: 'published', detail: 'ana · 1 Jan 2026', text: null, fields: [] });
    expect(describeEntry({ weird: 1 })).toEqual({ title: 'Weird: 1', detail: null, text: null, fields: [] });
    expect(describeEntry('plain')).toEqual({ title: 'plain', detail: null, text: null, fields: [] });
  });
});
