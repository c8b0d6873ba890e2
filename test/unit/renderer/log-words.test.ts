import { describe, expect, it } from 'vitest';
import { logActionWords } from '../../../src-renderer/src/features/sync/log-words';

describe('sync log actions in words', () => {
  it('says known actions in words', () => {
    expect(logActionWords('pull_skipped')).toBe('Quick sync (no full read from the service)');
    expect(logActionWords('create_post_adopt')).toMatch(/linked, not created twice/);
    expect(logActionWords('notify_published')).toBe('Told you: published');
  });
  it('keeps an unknown action as it came, and never reads inherited keys', () => {
    expect(logActionWords('brand_new_thing')).toBe('brand_new_thing');
    expect(logActionWords('toString')).toBe('toString');
    expect(logActionWords('constructor')).toBe('constructor');
  });
});
