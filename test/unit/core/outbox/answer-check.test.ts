// The answer-vs-request checks as tables: what a 2xx answer must hold to be recorded, what the
// service's known normalisation may change, and what a later read tells about a change kept.
import { describe, expect, it } from 'vitest';
import type { ServiceVariant } from '../../../../src-main/core/api/client';
import {
  AnswerMismatch,
  checkChangeAnswer,
  checkCreatedPost,
  checkCreatedVariant,
  checkPublishAnswer,
  fieldsNotHeld,
  keptLink,
  notKeptReason,
  sameText,
} from '../../../../src-main/core/outbox/answer-check';
import { notKeptFields, replacedBy } from '../../../../src-main/core/outbox/not-kept';
import type { SentPatch } from '../../../../src-main/core/outbox/payload';
import type { VariantBase } from '../../../../src-main/core/store/variant-repository';

function variant(fields: Partial<ServiceVariant> = {}): ServiceVariant {
  return {
    id: '7',
    platform: 'x',
    content: 'Hello',
    social_profile_id: '101',
    scheduled_at: null,
    status: 'draft',
    platform_post_url: null,
    published_at: null,
    raw: {},
    ...fields,
  };
}

/** What a check says: null when the answer is about what was asked, else its message. */
function verdict(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof AnswerMismatch)) throw error;
    return error.message;
  }
}

describe('sameText: the service may trim, collapse whitespace, compose (NFC) and HTML-escape, nothing else', () => {
  it.each([
    ['identical', 'Launch day', 'Launch day', true],
    ['trimmed', '  Launch day\n', 'Launch day', true],
    ['runs of spaces, tabs and line breaks collapsed', 'Launch \t day\n\nnow', 'Launch day now', true],
    ['a no-break space is whitespace too', 'Launch\u00a0day', 'Launch day', true],
    ['decomposed accent (NFD) and composed (NFC)', 'Cafe\u0301', 'Caf\u00e9', true],
    ['a space removed inside a word', 'Launch day', 'Launchday', false],
    ['case', 'Launch day', 'launch day', false],
    ['compatibility forms are not NFC: a ligature stays itself', '\ufb01le', 'file', false],
    ['another word', 'Launch day', 'Launch night', false],
    ['HTML-escaped, as CMS-backed services store text', 'Fish &amp; &lt;chips&gt;', 'Fish & <chips>', true],
    ['numeric character references', 'it&#39;s &#x26; more', "it's & more", true],
    ['an entity for another character', 'Fish &lt; chips', 'Fish & chips', false],
    ['an ampersand alone', 'Fish & chips', 'Fish and chips', false],
  ])('%s', (_name, a, b, same) => {
    expect(sameText(a, b)).toBe(same);
    expect(sameText(b, a)).toBe(same);
  });
});

describe('a change (PATCH): the variant addressed, holding every value sent', () => {
  const rows: Array<[string, SentPatch, Partial<ServiceVariant>, RegExp | null]> = [
    [
      'the time as sent',
      { scheduled_at: '2031-03-01T09:00:00.000Z' },
      { scheduled_at: '2031-03-01T09:00:00.000Z' },
      null,
    ],
    [
      'the time as the same instant in another form',
      { scheduled_at: '2031-03-01T10:00:00+01:00' },
      { scheduled_at: '2031-03-01T09:00:00Z' },
      null,
    ],
    [
      'the old time kept',
      { scheduled_at: '2031-03-01T09:00:00.000Z' },
      { scheduled_at: null },
      /^The service answered, but its answer does not hold the new time\.$/,
    ],
    ['unscheduled as sent', { scheduled_at: null }, { scheduled_at: null }, null],
    [
      'unscheduled, still scheduled',
      { scheduled_at: null },
      { scheduled_at: '2031-03-01T09:00:00Z' },
      /the new time/,
    ],
    ['text normalised', { content: ' Cafe\u0301  au lait ' }, { content: 'Caf\u00e9 au lait' }, null],
    ['text not kept', { content: 'New words' }, { content: 'Hello' }, /does not hold the new text\.$/],
    ['account as sent', { social_profile_id: '102' }, { social_profile_id: '102' }, null],
    ['account unassigned as sent', { social_profile_id: null }, { social_profile_id: null }, null],
    ['account not kept', { social_profile_id: null }, { social_profile_id: '101' }, /the new account/],
    [
      'two fields not kept',
      { content: 'New words', scheduled_at: '2031-03-01T09:00:00Z' },
      {},
      /does not hold the new text and the new time\.$/,
    ],
    [
      'fields not sent are not looked at',
      { content: 'Hello' },
      { scheduled_at: '2040-01-01T00:00:00Z' },
      null,
    ],
    [
      'another variant, holding the values sent',
      { content: 'Hello' },
      { id: '8' },
      /^The service answered about another record: it answered about variant 8, not about variant 7 that was sent\.$/,
    ],
  ];
  it.each(rows)('%s', (_name, patch, answer, want) => {
    const said = verdict(() => checkChangeAnswer('7', patch, variant(answer)));
    if (want === null) expect(said).toBeNull();
    else expect(said).toMatch(want);
  });
});

describe('a publish: the variant addressed; what it says of the publication is read as it comes', () => {
  it.each([
    ['published', '7', { platform_post_url: 'https://social.example/x/a/posts/7' }, null],
    ['waiting for sign-off', '7', { status: 'needs_approval' }, null],
    ['any status string', '7', { status: 'sent-ish' }, null],
    ['another variant', '7', { id: '8', status: 'published' }, /about variant 8, not about variant 7/],
  ] as const)('%s', (_name, addressed, answer, want) => {
    const said = verdict(() => checkPublishAnswer(addressed, variant(answer)));
    if (want === null) expect(said).toBeNull();
    else expect(said).toMatch(want);
  });
});

describe('a create: the fields sent are there', () => {
  it.each([
    ['the title', 'Launch', 'Launch', null],
    ['the title normalised', ' Launch  day ', 'Launch day', null],
    [
      'another title',
      'Launch',
      'Weekly tips',
      /^The service answered about another record: it answered the new post with post 5, whose title is not the one sent\.$/,
    ],
  ] as const)('post: %s', (_name, sent, answered, want) => {
    const said = verdict(() => checkCreatedPost({ title: sent }, { id: '5', title: answered, raw: {} }));
    if (want === null) expect(said).toBeNull();
    else expect(said).toMatch(want);
  });

  type Sent = Parameters<typeof checkCreatedVariant>[0];
  const rows: Array<[string, Sent, Partial<ServiceVariant>, RegExp | null]> = [
    ['platform and content', { platform: 'x', content: 'Hello' }, {}, null],
    [
      'account omitted: the service picks one, any answer will do',
      { platform: 'x', content: 'Hello' },
      { social_profile_id: '999' },
      null,
    ],
    [
      'account sent as null',
      { platform: 'x', content: 'Hello', social_profile_id: null },
      { social_profile_id: null },
      null,
    ],
    ['account sent as an id', { platform: 'x', content: 'Hello', social_profile_id: '101' }, {}, null],
    ['content normalised', { platform: 'x', content: 'Hello\n\n  world ' }, { content: 'Hello world' }, null],
    [
      'another platform',
      { platform: 'linkedin', content: 'Hello' },
      {},
      /variant 7, whose platform is not the one sent\.$/,
    ],
    ['another content', { platform: 'x', content: 'Bye' }, {}, /whose content is not the one sent/],
    [
      'another account than the one sent',
      { platform: 'x', content: 'Hello', social_profile_id: null },
      {},
      /whose account is not the one sent/,
    ],
    [
      'several',
      { platform: 'linkedin', content: 'Bye' },
      {},
      /whose platform and content are not the ones sent\.$/,
    ],
  ];
  it.each(rows)('variant: %s', (_name, sent, answer, want) => {
    const said = verdict(() => checkCreatedVariant(sent, variant(answer)));
    if (want === null) expect(said).toBeNull();
    else expect(said).toMatch(want);
  });
});

describe('an answer never moves a link', () => {
  it.each([
    ['a create sets it', null, '7', '7'],
    ['the same record keeps it', '7', '7', '7'],
    ['another record is refused', '7', '8', /about variant 8, not about variant 7/],
  ] as const)('%s', (_name, linked, answered, want) => {
    if (typeof want === 'string') expect(keptLink('variant', linked, answered)).toBe(want);
    else expect(verdict(() => keptLink('variant', linked, answered))).toMatch(want);
  });
});

describe('a change kept or not, as a later read shows it', () => {
  const base = (fields: Partial<VariantBase>): VariantBase => ({
    content: 'Hello',
    scheduled_at: null,
    social_profile_id: '101',
    status: 'draft',
    platform_post_url: null,
    ...fields,
  });

  it('remembers only the values a change replaced', () => {
    const before = base({});
    expect(replacedBy(before, { scheduled_at: '2031-03-01T09:00:00Z' })).toEqual({ scheduled_at: null });
    expect(replacedBy(before, { content: 'New', social_profile_id: '101' })).toEqual({ content: 'Hello' });
    expect(replacedBy(before, { content: ' Hello ' })).toBeNull();
    expect(fieldsNotHeld(before, { scheduled_at: null, content: 'Hello' })).toEqual([]);
  });

  const T = '2031-03-01T09:00:00.000Z';
  const answered = base({ scheduled_at: T, replaced: { scheduled_at: null }, notKept: 0 });
  const held = (fields: Partial<VariantBase>) => ({ ...base({}), ...fields });
  it.each([
    ['the service holds the change: kept', held({ scheduled_at: T }), held({ scheduled_at: T }), []],
    ['the replaced value is back: not kept', held({}), held({ scheduled_at: T }), ['scheduled_at']],
    [
      'someone set a third value: not ours to judge',
      held({ scheduled_at: '2032-01-01T00:00:00Z' }),
      held({ scheduled_at: T }),
      [],
    ],
    ['the user since wants the old value too: nothing to send again', held({}), held({}), []],
  ] as const)('%s', (_name, theirs, mine, want) => {
    expect(notKeptFields(answered, theirs, mine)).toEqual(want);
  });

  it('no change answered since the last read: nothing to judge', () => {
    expect(notKeptFields(base({}), base({ scheduled_at: T }), base({}))).toEqual([]);
  });

  it('says what was not kept, and how often', () => {
    expect(notKeptReason(['scheduled_at'], 1)).toBe(
      'The service did not keep the new time: it answered as if it had (1 of 3 tries).',
    );
    expect(notKeptReason(['content'], 3)).toBe(
      'The service did not keep the new text: it answered as if it had (3 of 3 tries).',
    );
  });
});

describe('a text stored in another form is about what was sent, and said', () => {
  it('a create, a change: the escaped form comes back as the stored form', () => {
    const sent = { platform: 'x', content: 'R&D <now>' };
    const answer = variant({ content: 'R&amp;D &lt;now&gt;' });
    expect(checkCreatedVariant(sent, answer)).toEqual({ sent: 'R&D <now>', stored: 'R&amp;D &lt;now&gt;' });
    expect(checkChangeAnswer('7', { content: 'R&D <now>' }, answer)).toEqual({
      sent: 'R&D <now>',
      stored: 'R&amp;D &lt;now&gt;',
    });
    expect(checkCreatedPost({ title: 'A & B' }, { id: '5', title: 'A &amp; B', raw: {} })).toEqual({
      sent: 'A & B',
      stored: 'A &amp; B',
    });
    // Tidied text is the same text: nothing to say.
    expect(checkCreatedVariant(sent, variant({ content: ' R&D  <now> ' }))).toBeNull();
  });

  it('a create answered with a record of other text names it, as the record the answer gave', () => {
    try {
      checkCreatedVariant({ platform: 'x', content: 'Mine' }, variant({ id: '9', content: 'Theirs' }));
      expect.unreachable('the answer is not about the create');
    } catch (error) {
      expect(error).toBeInstanceOf(AnswerMismatch);
      expect(error).toMatchObject({ kind: 'other_record', answeredId: '9' });
    }
  });
});
