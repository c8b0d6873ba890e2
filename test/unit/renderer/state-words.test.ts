import { describe, expect, it } from 'vitest';
import type { ItemState } from '@preload/bridge';
import { STATE_FILTERS, STATE_LABELS, stateLabel, stateTone } from '@preload/words/states';

describe('state words', () => {
  it.each([
    ['local_only', 'Local only'],
    ['pending_sync', 'Pending sync'],
    ['draft', 'Draft'],
    ['scheduled', 'Scheduled'],
    ['needs_approval', 'Waiting for sign-off'],
    ['published', 'Published'],
    ['failed', 'Failed'],
    ['conflict', 'Conflict'],
    ['removed', 'Removed on service'],
    ['publish_unknown', 'Publish outcome unknown'],
    ['needs_user', 'Needs your choice'],
  ] satisfies [ItemState, string][])('%s reads %j', (state, words) => {
    expect(STATE_LABELS[state]).toBe(words);
    expect(stateLabel(state, '')).toBe(words);
    expect(stateLabel(state, null)).toBe(words);
  });

  it("shows the service's own status string as it came", () => {
    expect(stateLabel('unknown_status', 'queued_for_review')).toBe('queued_for_review');
    expect(stateLabel('unknown_status', '')).toBe('Unknown status');
  });

  it("says a known state in the same words whatever the core's longer text", () => {
    expect(stateLabel('failed', 'Failed: title is too long')).toBe('Failed');
    expect(stateLabel('local_only', 'Only on this computer')).toBe('Local only');
  });

  it('shows a state this build does not know rather than hiding it', () => {
    expect(stateLabel('archived_somehow', null)).toBe('archived_somehow');
  });

  it('tones the states that need the eye', () => {
    expect(stateTone('published')).toBe('good');
    expect(stateTone('failed')).toBe('bad');
    expect(stateTone('conflict')).toBe('warn');
    expect(stateTone('publish_unknown')).toBe('warn');
    expect(stateTone('needs_user')).toBe('warn');
    expect(stateTone('needs_approval')).toBe('progress');
    expect(stateTone('draft')).toBe('neutral');
  });

  it('offers a filter for every state plus All', () => {
    expect(STATE_FILTERS[0]).toEqual({ value: 'all', label: 'All' });
    expect(STATE_FILTERS.map((f) => f.value)).toEqual(
      expect.arrayContaining(['published', 'failed', 'conflict', 'publish_unknown', 'needs_approval']),
    );
  });
});
