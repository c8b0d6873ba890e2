// A post-list chip says its platform, its variant's own state and, while it waits for it, the
// time; the core's longer words only as a tooltip when they say more than the label.
import { expect, it } from 'vitest';
import type { VariantChip } from '@preload/bridge';
import { chipView } from '../../../src-renderer/src/features/posts/chip-view';
import { shortDateTime } from '../../../src-renderer/src/lib/plan-time';

const chip = (over: Partial<VariantChip>): VariantChip => ({
  id: 'v1',
  platform: 'x',
  state: 'draft',
  stateText: 'Draft',
  scheduledAt: null,
  ...over,
});

it('shows a scheduled variant with its time and its mark', () => {
  const at = '2030-03-04T08:30:00.000Z';
  const view = chipView(chip({ state: 'scheduled', stateText: 'Scheduled', scheduledAt: at }));
  expect(view).toMatchObject({ label: 'Scheduled', tone: 'progress', platform: 'X', title: undefined });
  expect(view.time).toBe(shortDateTime(at));
  expect(view.iconPath).toMatch(/^M/);
});

it('gives the time only to a variant that waits for it, never to one waiting for sign-off', () => {
  const at = '2030-03-04T08:30:00.000Z';
  const waiting = chipView(
    chip({ state: 'needs_approval', stateText: 'Waiting for sign-off', scheduledAt: at }),
  );
  expect([waiting.label, waiting.time, waiting.words]).toEqual([
    'Waiting for sign-off',
    '',
    'X: Waiting for sign-off',
  ]);
  expect(chipView(chip({ state: 'published', stateText: 'Published', scheduledAt: at })).time).toBe('');
  expect(chipView(chip({ state: 'scheduled', stateText: 'Scheduled', scheduledAt: null })).time).toBe('');
});

it('keeps the longer words for the tooltip and shows an unknown status as the service said it', () => {
  expect(chipView(chip({ state: 'failed', stateText: 'Failed: the service refused it' })).title).toBe(
    'Failed: the service refused it',
  );
  expect(chipView(chip({ state: 'unknown_status', stateText: 'in_review' }))).toMatchObject({
    label: 'in_review',
    title: undefined,
  });
});

it('draws a monogram where simple-icons has no mark', () => {
  expect(chipView(chip({ platform: 'linkedin' }))).toMatchObject({ iconPath: null, letter: 'in' });
  expect(chipView(chip({ platform: 'pixelfed' }))).toMatchObject({
    iconPath: null,
    letter: 'P',
    platform: 'pixelfed',
  });
});

it('says all of it in words, for a chip shrunk to its mark', () => {
  const at = '2030-03-04T08:30:00.000Z';
  expect(chipView(chip({ state: 'scheduled', stateText: 'Scheduled', scheduledAt: at })).words).toBe(
    `X: Scheduled ${shortDateTime(at)}`,
  );
  expect(chipView(chip({ platform: 'linkedin', state: 'draft' })).words).toBe('LinkedIn: Draft');
});
