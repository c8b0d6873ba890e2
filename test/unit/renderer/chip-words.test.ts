// What a calendar chip says: its post's name (the title, or the first line when untitled) on
// the chip, and the whole of it in its accessible name, starting with what it shows, in its order.
import { describe, expect, it } from 'vitest';
import type { PlanItem } from '@preload/bridge';
import { chipAccount, chipLabel, chipName } from '@preload/words/calendar';
import { clockTime } from '../../../src-renderer/src/lib/plan-time';

const item: PlanItem = {
  variantId: 'v1',
  postId: 'p1',
  postTitle: 'Autumn blend launch',
  platform: 'x',
  accountName: 'Northwind Coffee',
  accountId: '101',
  at: '2030-03-06T13:00:00Z',
  state: 'scheduled',
  stateText: 'Scheduled',
  firstLine: 'Autumn Blend is back.',
  url: null,
  actions: ['move'],
};

describe('a calendar chip’s words', () => {
  it('names the post by its title, else its first line, else says it is untitled', () => {
    expect(chipName(item)).toBe('Autumn blend launch');
    expect(chipName({ postTitle: '  ', firstLine: 'Autumn Blend is back.' })).toBe('Autumn Blend is back.');
    expect(chipName({ postTitle: '', firstLine: '' })).toBe('Untitled post');
  });

  it('says the name, the time and the account as the chip shows them, then the platform and the state', () => {
    expect(chipLabel(item, clockTime)).toBe(
      `Autumn blend launch, ${clockTime(item.at!)} Northwind Coffee, X, Scheduled`,
    );
    const unknown = { ...item, accountName: null, postTitle: '', at: null };
    expect(chipAccount(unknown)).toBe('X');
    expect(chipLabel(unknown, clockTime)).toBe('Autumn Blend is back., X, Scheduled');
  });
});
