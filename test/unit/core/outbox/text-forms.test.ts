// The forms a service may store a text in: what counts as the same text, and what is said of it.
import { describe, expect, it } from 'vitest';
import { escapedPairs, storedForm, unescapeHtml } from '../../../../src-main/core/outbox/text-forms';
import { storedDifferentlyReason } from '../../../../src-main/core/outbox/stored-differently';

describe('text forms', () => {
  it.each([
    ['the same', 'Fish & chips', 'Fish & chips', 'same'],
    ['tidied', ' Fish  & chips ', 'Fish & chips', 'same'],
    ['escaped', 'Fish &amp; chips', 'Fish & chips', 'escaped'],
    ['escaped and tidied', ' Fish &amp;  chips', 'Fish & chips', 'escaped'],
    ['escaped twice is another text', 'Fish &amp;amp; chips', 'Fish & chips', 'different'],
    ['another text', 'Fish &amp; peas', 'Fish & chips', 'different'],
  ] as const)('%s', (_name, stored, sent, form) => {
    expect(storedForm(stored, sent)).toBe(form);
  });

  it('reads character references once; unknown ones stay as they are', () => {
    expect(unescapeHtml('&amp;lt; &#65;&#x42; &bogus; &#99999999;')).toBe('&lt; AB &bogus; &#99999999;');
  });

  it("says what the service stored for what was sent: '&amp;' for '&'", () => {
    expect(escapedPairs('a &amp; b &lt; c &amp; d')).toEqual([
      { stored: '&amp;', sent: '&' },
      { stored: '&lt;', sent: '<' },
    ]);
    const reason = storedDifferentlyReason({ sent: 'Fish & chips', stored: 'Fish &amp; chips' });
    expect(reason).toContain('The service stored the text differently');
    expect(reason).toContain("The service stored '&amp;' for '&'");
  });
});
