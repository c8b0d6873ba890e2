// The foundation's check: the built renderer opens in Chromium through the browser host and
// shows the shell, usable at once with no account.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openWindow, startApp, waitForText } from './harness';
import type { AppUnderTest } from './harness';

describe('the window in Chromium', () => {
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

  it('shows the shell, hides the host token from the address and offers to connect', async () => {
    const { context, page } = await openWindow(browser, app);
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') cspErrors.push(message.text());
    });

    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    await page.getByRole('button', { name: 'New post' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search posts' }).waitFor();
    await page.getByRole('button', { name: 'Connect to your service' }).waitFor();
    await waitForText(page.getByRole('status', { name: 'Sync status' }), /Not connected/);
    expect(await page.getByLabel('Workspace', { exact: true }).inputValue()).toBe('__local__');
    // Shortcuts are announced on the controls that have them.
    expect(await page.getByRole('button', { name: 'New post' }).getAttribute('aria-keyshortcuts')).toBe(
      'Alt+N',
    );

    // A reload keeps working: the token was kept for this tab.
    await page.reload();
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'New post' }).waitFor();
    expect(cspErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await context.close();
  });

  it("asks the host for nothing it does not have, the window's icon included", async () => {
    const { context } = await openWindow(browser, app);
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    const icon = page.waitForResponse((response) => /\/assets\/icon-[\w-]+\.svg$/.test(response.url()));
    await page.goto(app.host.pageUrl());
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    const answered = await icon;
    expect(answered.status()).toBe(200);
    expect(answered.headers()['content-type']).toBe('image/svg+xml');
    expect(refused).toEqual([]);
    await context.close();
  });

  it('drafts in the local space at once, with the counter of the platform', async () => {
    const { context, page } = await openWindow(browser, app);
    await page.keyboard.press('Alt+N');
    const title = page.getByLabel('Title', { exact: true });
    await title.waitFor();
    await title.fill('First light');
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('Platform', { exact: true }).selectOption('x');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const content = page.getByLabel('Content', { exact: true });
    await content.fill('Dawn 🌅 https://example.com/a-very-long-link-that-still-counts-as-twenty-three');
    await waitForText(page.locator('#variant-counter'), /^\s*31 \/ 280/);
    await content.fill('x'.repeat(281));
    await waitForText(page.locator('#variant-counter'), /281 \/ 280\s*1 over the X limit/);
    await content.blur();
    await waitForText(page.getByRole('tabpanel').locator('[data-state]').first(), /Local only/);

    // The draft is in the core, not only in the page.
    const list = await app.core.invoke('posts.list', { workspace: null });
    expect(list.ok && (list.value as { title: string }[]).map((p) => p.title)).toContain('First light');
    // And it is in the list, found by its content too.
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('xxxxxxxx');
    await page.getByRole('list', { name: 'Post list' }).getByText('First light').waitFor();
    await context.close();
  });
});
