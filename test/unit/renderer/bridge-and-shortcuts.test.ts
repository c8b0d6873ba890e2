import { describe, expect, it } from 'vitest';
import { clearHostTokenTraces } from '../../../src-renderer/src/lib/host-token';
import { shortcutFor, SHORTCUTS, withShortcut } from '../../../src-renderer/src/lib/shortcuts';
import { describeEntry } from '../../../src-renderer/src/lib/describe';

function place(href: string, stored: string | null = null) {
  const storage = new Map<string, string>();
  if (stored) storage.set('outpost.hostToken', stored);
  const replaced: string[] = [];
  return {
    storage: { removeItem: (k: string) => void storage.delete(k) },
    replaced,
    map: storage,
    href,
    replaceUrl: (url: string) => void replaced.push(url),
  };
}

describe('browser host token traces', () => {
  it('drops an old ?token= or a spent ?code= from the address, keeping the rest', () => {
    const p = place('http://127.0.0.1:5000/?token=abc123&x=1#top');
    clearHostTokenTraces(p);
    expect(p.replaced).toEqual(['/?x=1#top']);
    const q = place('http://127.0.0.1:5000/?code=once');
    clearHostTokenTraces(q);
    expect(q.replaced).toEqual(['/']);
  });

  it('forgets a token an older build kept in sessionStorage', () => {
    const p = place('http://127.0.0.1:5000/', 'kept');
    clearHostTokenTraces(p);
    expect(p.map.has('outpost.hostToken')).toBe(false);
    expect(p.replaced).toEqual([]);
  });
});

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
    [key('KeyN'), null],
    [key('KeyN', { ctrlKey: true }), null],
    [key('KeyS', { altKey: true, shiftKey: true }), null],
  ])('%o means %s', (event, action) => {
    expect(shortcutFor(event)).toBe(action);
  });

  it('names the shortcut in tooltips', () => {
    expect(withShortcut('New post', 'newPost')).toBe('New post (Alt+N)');
    expect(SHORTCUTS.search.keys).toBe('Control+K');
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
