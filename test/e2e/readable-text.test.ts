// What the window says is meant for people: the outbox names the post and the variant each
// operation concerns, the sync log says its actions in words, and activity entries and skills
// show the fields that came (times as local dates) rather than codes or nothing.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addVariant,
  gotoPosts,
  newPost,
  syncNow,
  until,
  useSharedSetup,
  variantBadge,
  waitForText,
} from './harness';

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

describe('readable text', () => {
  const setup = useSharedSetup({ timezoneId: 'Europe/Paris', connect: true });

  it('the outbox names the post and the variant of each operation; the log says its actions in words', async () => {
    const { app, page } = setup();
    expect((await app.core.invoke('sync.pause', undefined)).ok).toBe(true);
    await newPost(page, 'Outbox names');
    await addVariant(page, 'linkedin', 'Waiting to go.');
    await waitForText(page.locator('.state'), /Saved/);

    await nav(page, 'Outbox');
    const table = page.getByRole('table');
    const variantRow = table.getByRole('row').filter({ hasText: 'Create variant' });
    await waitForText(variantRow, /“Outbox names” · LinkedIn/);
    await waitForText(table.getByRole('row').filter({ hasText: 'Create post' }), /“Outbox names”/);
    // Each "Open post" says which post.
    await variantRow.getByRole('button', { name: 'Open post “Outbox names” · LinkedIn' }).waitFor();

    expect((await app.core.invoke('sync.resume', undefined)).ok).toBe(true);
    await syncNow(page);
    const log = page.locator('.log');
    await waitForText(log, /Sync finished/);
    await waitForText(log, /Post created on the service: .*\(“Outbox names”\)/);
    const text = (await log.textContent()) ?? '';
    for (const code of ['sync_start', 'sync_done', 'create_post', 'create_variant', 'pull_skipped']) {
      expect(text).not.toContain(code);
    }
    await page.getByText('Nothing waiting. Everything is sent.').waitFor();
  });

  it('activity shows actions in words, local times and the other fields that came', async () => {
    const { page } = setup();
    await gotoPosts(page);
    await page.getByRole('list', { name: 'Post list' }).getByText('Outbox names').click();
    await waitForText(variantBadge(page), /^Draft$/);
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByRole('button', { name: 'Show activity' }).click();
    const items = activity.getByRole('listitem');
    await until('entries shown', async () => (await items.count()) >= 2);
    const lines = (await items.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(lines.some((l) => /^Post created alice · \d{1,2} \w{3} \d{4}, \d{2}:\d{2} /.test(l))).toBe(true);
    expect(
      lines.some((l) => l.startsWith('LinkedIn variant created') && l.includes('Platform: linkedin')),
    ).toBe(true);
    for (const l of lines) expect(l).not.toMatch(ISO);
  });

  it('skills show their description and other short fields, with local dates', async () => {
    const { page } = setup();
    await nav(page, 'Writing skills');
    const first = page.locator('.skills li').first();
    await waitForText(first, /Writing skill number \d+/);
    const text = ((await first.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toMatch(
      /^Skill \d+ alice · \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Writing skill number \d+ Visibility: \w+/,
    );
    expect(text).not.toMatch(ISO);
  });
});
