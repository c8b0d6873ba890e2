import { describe, expect, it } from 'vitest';
import { codeToWords } from '@preload/words/plain';
import {
  describeEntry,
  entryLine,
  publishedBy,
  readableTime,
  signOffWait,
} from '@preload/words/service-records';

const opts = { timeZone: 'Europe/Paris', locale: 'en-GB' };

describe('entries with unpromised fields', () => {
  it('shows an activity entry readably: action in words, who and when locally, the other fields', () => {
    const d = describeEntry(
      {
        id: 41,
        action: 'variant.approval_requested',
        actor: 'alice',
        variant_id: '12',
        detail: {
          channel: 'Brand review',
          fields: ['content', 'scheduled_at'],
          account_selection: 'no_default_available',
        },
        created_at: '2030-01-03T09:05:00.000Z',
      },
      opts,
    );
    expect(d).toEqual({
      title: 'Variant approval requested',
      detail: 'alice · 3 Jan 2030, 10:05',
      text: null,
      fields: [
        { label: 'Channel', value: 'Brand review' },
        // A code the service sent is said in words, never as it came.
        { label: 'Fields', value: 'content, scheduled at' },
        { label: 'Account selection', value: 'no default available' },
      ],
    });
    expect(entryLine(d)).toBe(
      'Variant approval requested alice · 3 Jan 2030, 10:05 Channel: Brand review Fields: content, scheduled at Account selection: no default available',
    );
  });

  it("names the platform of the variant an entry is about: the post's variant's, else the entry's own", () => {
    const entry = { action: 'variant.rescheduled', actor: 'alice', variant_id: '12', detail: {} };
    const platformOf = (id: string) => (id === '12' ? 'x' : null);
    expect(describeEntry(entry, { ...opts, platformOf }).title).toBe('X variant rescheduled');
    expect(describeEntry({ ...entry, variant_id: 13 }, { ...opts, platformOf }).title).toBe(
      'Variant rescheduled',
    );
    expect(
      describeEntry({ ...entry, variant_id: 13, detail: { platform: 'linkedin' } }, { ...opts, platformOf })
        .title,
    ).toBe('LinkedIn variant rescheduled');
    // A headline of the service's own words keeps them, the platform before it.
    expect(describeEntry({ ...entry, action: 'Moved to Friday' }, { ...opts, platformOf }).title).toBe(
      'X: Moved to Friday',
    );
    // Not about a variant: nothing to name.
    expect(describeEntry({ action: 'post.renamed', platform: 'x' }, opts).title).toBe('Post renamed');
  });

  it('shows a skill with its description and any other short field', () => {
    const d = describeEntry(
      {
        id: '7',
        name: 'Brand voice',
        description: 'Warm, short sentences; no jargon.',
        visibility: 'workspace',
        owner: { username: 'bob' },
        created_at: '2030-01-01T12:00:00Z',
      },
      opts,
    );
    expect(d.title).toBe('Brand voice');
    expect(d.text).toBe('Warm, short sentences; no jargon.');
    expect(d.detail).toBe('bob · 1 Jan 2030, 13:00');
    expect(d.fields).toEqual([{ label: 'Visibility', value: 'workspace' }]);
  });

  it('formats any ISO timestamp field and shortens long values, keeping the whole one', () => {
    const long = 'x'.repeat(400);
    const d = describeEntry({ name: 'n', scheduled_at: '2030-02-01T08:00:00Z', note2: long }, opts);
    expect(d.fields[0]).toEqual({ label: 'Scheduled at', value: '1 Feb 2030, 09:00' });
    expect(d.fields[1]?.value.length).toBeLessThan(200);
    expect(d.fields[1]?.full).toBe(long);
  });

  it('never depends on particular keys: anything usable is shown, else the entry as it came', () => {
    expect(describeEntry({ weird: 1 }).title).toBe('Weird: 1');
    expect(describeEntry({}).title).toBe('{}');
    expect(describeEntry('plain').title).toBe('plain');
    expect(describeEntry(null).title).toBe('null');
    expect(describeEntry({ message: 'Hello there' }).title).toBe('Hello there');
    // A name is the user's own words: never rewritten as a code.
    expect(describeEntry({ name: 'tone_guide' }).title).toBe('tone_guide');
  });

  it('says codes in words and leaves words alone', () => {
    expect(codeToWords('variant.published')).toBe('Variant published');
    expect(codeToWords('Published it')).toBe('Published it');
    expect(readableTime('not a date')).toBe('not a date');
    expect(readableTime('2026-01-01', opts)).toBe('1 Jan 2026');
  });
});

describe('publishedBy: who published, only when an entry plainly says so', () => {
  const published = { action: 'variant.published', actor: 'bob', variant_id: '42' };

  it('names the actor of the entry that published this variant', () => {
    expect(
      publishedBy([{ action: 'variant.created', actor: 'alice', variant_id: '42' }, published], '42'),
    ).toBe('bob');
    expect(publishedBy([{ event: 'published', user: { display_name: 'Bob B.' }, variantId: 42 }], '42')).toBe(
      'Bob B.',
    );
  });

  it('names nobody for another variant, another action, no actor, or an entry of unknown shape', () => {
    expect(publishedBy([{ ...published, variant_id: '7' }], '42')).toBeNull();
    expect(publishedBy([{ ...published, action: 'variant.approval_requested' }], '42')).toBeNull();
    expect(publishedBy([{ ...published, action: 'variant.unpublished' }], '42')).toBeNull();
    expect(publishedBy([{ action: 'variant.published', variant_id: '42' }], '42')).toBeNull();
    expect(publishedBy(['published by bob', null, [published]], '42')).toBeNull();
    expect(publishedBy([published], null)).toBeNull();
  });
});

describe('signOffWait: who must approve and since when, only when an entry says so', () => {
  const requested = {
    action: 'variant.approval_requested',
    variant_id: '12',
    detail: { channel: 'Brand review' },
    created_at: '2030-01-03T09:05:00.000Z',
  };

  it('reads the channel inside the entry and its time, from the newest entry about this variant', () => {
    expect(signOffWait([requested, { ...requested, detail: { channel: 'Old' } }], '12')).toEqual({
      channel: 'Brand review',
      since: '2030-01-03T09:05:00.000Z',
    });
    expect(
      signOffWait([{ event: 'sign_off_requested', variantId: 12, channel_name: 'Legal' }], '12'),
    ).toEqual({
      channel: 'Legal',
      since: null,
    });
  });

  it('says nothing for another variant, another action, or an entry with neither a channel nor a time', () => {
    expect(signOffWait([requested], '13')).toBeNull();
    expect(signOffWait([{ ...requested, action: 'variant.updated' }], '12')).toBeNull();
    expect(signOffWait([{ action: 'variant.approval_requested', variant_id: '12' }], '12')).toBeNull();
    expect(signOffWait([requested], null)).toBeNull();
    expect(signOffWait(['approval', null, 7], '12')).toBeNull();
  });
});
