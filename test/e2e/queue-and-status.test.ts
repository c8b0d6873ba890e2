// The queue's sections, account by account, and the post list's chip per variant
// with a state filter that matches a post by any of its variants.
import { describe, expect, it } from 'vitest';
import { utcToZonedInput } from '../../src-renderer/src/lib/schedule-time';
import {
  addVariant,
  axeScan,
  newPost,
  seriousFindings,
  syncNow,
  until,
  useChromium,
  waitForText,
} from './harness';
import { fillScheduledTime } from './schedule-steps';

const ZONE = 'Europe/Berlin';

describe('queue and variant-level status', () => {
  const chromium = useChromium();

  it('shows what needs attention first, each account by day, waiting for sign-off, published with its link, and what needs attention', async () => {
    const s = await chromium.start({ timezoneId: ZONE, connect: true });
    await newPost(s.page, 'Harvest report');
    await addVariant(s.page, 'x', 'The harvest is in.\nDetails tomorrow.');
    const tomorrow = utcToZonedInput(new Date(s.now() + 86_400_000).toISOString(), ZONE).slice(0, 10);
    await fillScheduledTime(s.page, `${tomorrow}T08:30`);
    await s.page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await addVariant(s.page, 'bluesky', 'Harvest is in!');
    await syncNow(s.page);
    await until(
      'both variants on the service',
      () =>
        s.sandbox.inspect
          .variants()
          .filter((v) => v.content.startsWith('The harvest') || v.content === 'Harvest is in!').length === 2,
    );
    await s.page.getByRole('button', { name: 'Publish now' }).click();
    await s.page
      .getByRole('dialog', { name: 'Publish now?' })
      .getByRole('button', { name: 'Publish', exact: true })
      .click();
    await syncNow(s.page);
    await until('waiting for sign-off on the service', () =>
      s.sandbox.inspect
        .variants()
        .find((v) => v.content === 'Harvest is in!' && v.status === 'needs_approval'),
    );

    // Post list: one chip per variant, each with its own state; the filter finds the post by either.
    const row = s.page
      .getByRole('list', { name: 'Post list' })
      .getByRole('button', { name: /Harvest report/ });
    await waitForText(row, /X:\s*Scheduled.*08:30.*Bluesky:\s*Waiting for sign-off/);
    const filter = s.page.getByLabel('Filter by state');
    for (const state of ['scheduled', 'needs_approval']) {
      await filter.selectOption(state);
      await row.waitFor();
    }
    await filter.selectOption('published');
    // The seed's launch post has a published LinkedIn variant and an X draft: found by its variant.
    await s.page.getByRole('list', { name: 'Post list' }).getByText('Launch announcement').waitFor();
    expect(await row.count()).toBe(0);
    await filter.selectOption('all');

    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Queue' }).click();
    // Needs attention comes first; then each account's coming days (a time set by hand shows
    // among its posting slots).
    const headings = s.page.getByRole('region', { name: 'Queue content' }).getByRole('heading', { level: 2 });
    await waitForText(headings.first(), /^Needs attention$/);
    const nextUp = s.page.getByRole('region', { name: 'X · Acme @acme' });
    await waitForText(nextUp, /08:30\s*Harvest report\s*The harvest is in\.\s*not a posting time/);
    await nextUp.getByRole('heading', { level: 4 }).first().waitFor();
    const waiting = s.page.getByRole('region', { name: 'Waiting for sign-off' });
    await waitForText(waiting, /Bluesky\s*Acme on Bluesky\s*Harvest report/);
    const published = s.page.getByRole('region', { name: 'Published' });
    const link = published.getByRole('link', { name: 'View on LinkedIn' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    await waitForText(s.page.getByRole('region', { name: 'Needs attention' }), /Nothing needs you/);
    expect(seriousFindings(await axeScan(s.page))).toEqual([]);

    // A line opens its post.
    await nextUp.getByRole('button', { name: /^Harvest report/ }).click();
    await until(
      'the post open',
      async () => (await s.page.getByLabel('Title', { exact: true }).inputValue()) === 'Harvest report',
    );
  });
});
