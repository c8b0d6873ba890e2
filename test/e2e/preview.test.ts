// The preview beside the editor, as each platform would show the variant.
import { describe, expect, it } from 'vitest';
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

describe('preview beside the editor', () => {
  const chromium = useChromium();

  it('shows the account, marks links, mentions, hashtags and the part over the limit, and follows typing', async () => {
    const s = await chromium.start({ connect: true });
    await newPost(s.page, 'Preview me');
    const long = `Hello @friends #coffee https://example.com/a/very/long/path/to/a/page ${'z'.repeat(240)}`;
    await addVariant(s.page, 'x', long);
    const preview = s.page.getByRole('region', { name: 'X preview' });
    await preview.waitFor();
    await preview.locator('.mention', { hasText: '@friends' }).waitFor();
    await preview.locator('.hashtag', { hasText: '#coffee' }).waitFor();
    // The link as X shows it: no scheme, cut to the 23 characters X counts for it.
    expect(await preview.locator('.link').textContent()).toBe('example.com/a/very/lon…');
    const over = preview.locator('mark.over');
    await over.first().waitFor();
    expect((await over.allTextContents()).join('')).toMatch(/^z+$/);
    await preview.getByText(/past the X limit/).waitFor();

    // Typing back under the limit clears the mark; the preview follows the text.
    await s.page.getByLabel('Content', { exact: true }).fill('Short and sweet #coffee');
    await waitForText(preview.locator('p.text'), /^\s*Short and sweet #coffee\s*$/);
    expect(await over.count()).toBe(0);

    // Once the service has chosen the default account, its name and handle show.
    await syncNow(s.page);
    await waitForText(preview.locator('.who'), /Acme\s*@acme$/);
    expect(seriousFindings(await axeScan(s.page))).toEqual([]);
  });

  it('cuts LinkedIn where its "see more" falls', async () => {
    const s = await chromium.start({ connect: true });
    await newPost(s.page, 'Long read');
    await addVariant(s.page, 'linkedin', `${'Word '.repeat(60)}THE END`);
    const preview = s.page.getByRole('region', { name: 'LinkedIn preview' });
    const more = preview.getByRole('button', { name: '…see more' });
    await more.waitFor();
    expect(await preview.locator('p.text').textContent()).not.toMatch(/THE END/);
    await more.click();
    await waitForText(preview.locator('p.text'), /THE END/);
    await until(
      'expanded',
      async () =>
        (await preview.getByRole('button', { name: 'see less' }).getAttribute('aria-expanded')) === 'true',
    );
  });
});
