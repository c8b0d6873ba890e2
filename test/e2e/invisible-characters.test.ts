// In Chromium: content with a right-to-left override and zero-width spaces
// is counted and the editor names each invisible character; the mark goes when they do.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVariant,
  launchChromium,
  newPost,
  openWindow,
  screenshot,
  startApp,
  waitForText,
} from './harness';
import type { AppUnderTest } from './harness';

describe('invisible characters in the editor', () => {
  let browser: Browser;
  let app: AppUnderTest;
  beforeAll(async () => {
    browser = await launchChromium();
    app = await startApp();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('are counted and listed by code, name and position', async () => {
    const { context, page } = await openWindow(browser, app);
    await newPost(page, 'Hidden text');
    await addVariant(page, 'bluesky', 'plain');
    const content = page.getByLabel('Content', { exact: true });
    await content.fill('pay\u202etxt.exe\u200b\u200b');
    await waitForText(page.locator('#variant-counter'), /^\s*13 \/ 300/);
    const mark = page.locator('[data-invisible]');
    await waitForText(mark, /Invisible characters in this text/);
    const text = (await mark.textContent()) ?? '';
    expect(text).toMatch(/U\+202E\s*right-to-left override, at position 4/);
    expect(text).toMatch(/U\+200B\s*zero width space, at positions 12, 13/);
    // Part of the counter's description, so a screen reader hears it with the count.
    expect(await page.locator('#variant-counter [data-invisible]').count()).toBe(1);
    await screenshot(page, 'invisible-characters');

    await content.fill('pay txt.exe');
    await waitForText(page.locator('#variant-counter'), /^\s*11 \/ 300/);
    expect(await mark.count()).toBe(0);
    await context.close();
  });
});
