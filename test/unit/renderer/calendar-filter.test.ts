// The calendar's filter: what it asks the core for, how it is said on screen, and how it is kept
// for the session, per workspace.
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '@preload/bridge';
import {
  EVERYTHING,
  filterPayload,
  filterPlatforms,
  filterWords,
  loadFilter,
  saveFilter,
  type FilterStorage,
} from '../../../src-renderer/src/features/calendar/calendar-filter';

const profiles: ProfileView[] = [
  { id: '101', platform: 'x', isActive: true, label: 'Northwind Coffee' },
  { id: '102', platform: 'linkedin', isActive: true, label: null, handle: 'northwind' },
  { id: '103', platform: 'bluesky', isActive: false, label: null },
  { id: '104', platform: 'x', isActive: true, label: 'Northwind Roastery' },
];

function memory(): FilterStorage & { saved: Map<string, string> } {
  const saved = new Map<string, string>();
  return { saved, getItem: (k) => saved.get(k) ?? null, setItem: (k, v) => void saved.set(k, v) };
}

describe('the calendar filter', () => {
  it('asks the core for one account, one platform, both or everything', () => {
    expect(filterPayload(EVERYTHING)).toEqual({});
    expect(filterPayload({ account: '101', platform: null })).toEqual({ accounts: ['101'] });
    expect(filterPayload({ account: '101', platform: 'x' })).toEqual({ accounts: ['101'], platforms: ['x'] });
  });

  it('offers each platform of the workspace’s accounts once, by name', () => {
    expect(filterPlatforms(profiles)).toEqual(['bluesky', 'linkedin', 'x']);
  });

  it('says in words what it shows, or nothing when it shows everything', () => {
    expect(filterWords(EVERYTHING, profiles)).toBeNull();
    expect(filterWords({ account: '101', platform: null }, profiles)).toBe(
      'Showing only Northwind Coffee (X).',
    );
    expect(filterWords({ account: '102', platform: null }, profiles)).toBe(
      'Showing only @northwind (LinkedIn).',
    );
    expect(filterWords({ account: null, platform: 'linkedin' }, profiles)).toBe('Showing only LinkedIn.');
    expect(filterWords({ account: '104', platform: 'x' }, profiles)).toBe(
      'Showing only Northwind Roastery (X), on X.',
    );
    expect(filterWords({ account: 'gone', platform: null }, profiles)).toBe(
      'Showing only an account no longer in this workspace.',
    );
  });

  it('is kept per workspace for the session, and anything unreadable shows everything', () => {
    const storage = memory();
    expect(loadFilter('acme', storage)).toEqual(EVERYTHING);
    saveFilter('acme', { account: '101', platform: 'x' }, storage);
    expect(loadFilter('acme', storage)).toEqual({ account: '101', platform: 'x' });
    expect(loadFilter('globex', storage)).toEqual(EVERYTHING);
    storage.saved.set('outpost.calendar.filter.acme', '{"account": 5, "platform": "x"');
    expect(loadFilter('acme', storage)).toEqual(EVERYTHING);
    storage.saved.set('outpost.calendar.filter.acme', '{"account": 5, "platform": "x"}');
    expect(loadFilter('acme', storage)).toEqual({ account: null, platform: 'x' });
    const refusing: FilterStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveFilter('acme', EVERYTHING, refusing)).not.toThrow();
    expect(loadFilter('acme', refusing)).toEqual(EVERYTHING);
    expect(loadFilter('acme', null)).toEqual(EVERYTHING);
  });
});
