import { describe, expect, it } from 'vitest';
import { logActionWords } from '../../../src-renderer/src/features/sync/log-words';

describe('sync log actions in words', () => {
  it('says known actions in words', () => {
    expect(logActionWords('pull_skipped')).toBe('Quick sync (no full read from the service)');
    expect(logActionWords('create_post_adopt')).toMatch(/linked, not created twice/);
    expect(logActionWords('notify_published')).toBe('Told you: published');
  });
  it('says a settled create in words, from its action (and from the older linked lines)', () => {
    expect(logActionWords('create_post')).toBe('Post created on the service');
    expect(logActionWords('create_variant')).toBe('Variant created on the service');
    expect(logActionWords('post_linked')).toBe('Post created on the service');
  });
  it('says the outbox events a settlement logs under its own name in words', () => {
    for (const code of ['refused', 'never_sent', 'crashed', 'locked', 'read_back_absent', 'user_retry'])
      expect(logActionWords(code)).not.toBe(code);
  });
  it('keeps an unknown action as it came, and never reads inherited keys', () => {
    expect(logActionWords('brand_new_thing')).toBe('brand_new_thing');
    expect(logActionWords('toString')).toBe('toString');
    expect(logActionWords('constructor')).toBe('constructor');
  });
});
