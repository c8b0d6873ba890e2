// The screens of issue 13 on the sandbox's demo data, light and dark: the calendar, the queue and
// the editor with its preview. Each screen is checked for what it must show before it is taken.
// `OUTPOST_SCREENSHOTS=1` writes them to docs/screenshots (shown in the README); otherwise they
// go to test-results/screenshots.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../server/index';
import {
  SCREENSHOT_DIR,
  connect,
  launchChromium,
  openWindow,
  selectWorkspace,
  startApp,
  waitForText,
} from './harness';

const DIR =
  process.env.OUTPOST_SCREENSHOTS === '1' ? join(process.cwd(), 'docs', 'screenshots') : SCREENSHOT_DIR;

describe('screenshots of the planning screens', () => {
  it.each(['light', 'dark'] as const)('%s', async (scheme) => {
    const sandbox = await startSandbox({ seed: 'demo' });
    const app = await startApp();
    const browser = await launchChromium();
    try {
      const { page } = await openWindow(browser, app, { colorScheme: scheme, timezoneId: 'Europe/Berlin' });
      await page.setViewportSize({ width: 1440, height: 900 });
      await mkdir(DIR, { recursive: true });
      await connect(page, sandbox.baseUrl, sandbox.token);
      await selectWorkspace(page, 'northwind-coffee');
      await app.waitForEvent('syncStatus', (s) => s.phase === 'idle' && s.lastSyncAt !== null);
      const nav = page.getByRole('navigation', { name: 'Main' });

      await nav.getByRole('button', { name: 'Calendar' }).click();
      await page
        .getByRole('button', { name: /Autumn blend launch$/ })
        .first()
        .waitFor();
      await page.screenshot({ path: join(DIR, `calendar-${scheme}.png`) });

      await nav.getByRole('button', { name: 'Queue' }).click();
      await page.getByRole('region', { name: 'Next up' }).getByText('Autumn blend launch').first().waitFor();
      await page.screenshot({ path: join(DIR, `queue-${scheme}.png`) });

      await nav.getByRole('button', { name: 'Posts' }).click();
      await page.getByRole('list', { name: 'Post list' }).getByText('Autumn blend launch').click();
      const preview = page.getByRole('region', { name: 'X preview' });
      await preview.getByText(/Autumn Blend is back/).waitFor();
      expect(await preview.locator('.who').textContent()).toMatch(/Northwind Coffee/);
      // A state's colour shows on its badge and its chip: published, scheduled and draft differ.
      const list = page.getByRole('list', { name: 'Post list' });
      const background = (selector: string): Promise<string> =>
        list
          .locator(selector)
          .first()
          .evaluate(
            // Runs in the page; this (Node) project has no DOM types.
            (el: unknown) =>
              (
                globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
              ).getComputedStyle(el).backgroundColor,
          );
      const tones = async (kind: string, states: string[]) =>
        new Set(await Promise.all(states.map((state) => background(`[${kind}="${state}"]`)))).size;
      expect(await tones('data-state', ['published', 'draft'])).toBe(2);
      expect(await tones('data-variant-state', ['published', 'scheduled', 'draft'])).toBe(3);
      await page.screenshot({ path: join(DIR, `editor-${scheme}.png`) });

      // Issue 26: the status bar's read time and the notice history, after a post went out.
      const post = await app.core.invoke('posts.create', {
        workspace: 'northwind-coffee',
        title: 'Friday tasting notes',
      });
      if (!post.ok) throw new Error(post.error.message);
      const postId = (post.value as { id: string }).id;
      const variant = await app.core.invoke('variants.create', {
        postId,
        platform: 'x',
        content: 'Friday tasting: three new single origins, from 4 pm.',
        account: { kind: 'default' },
      });
      if (!variant.ok) throw new Error(variant.error.message);
      for (let i = 0; i < 2; i++) await app.core.invoke('sync.now', undefined);
      await app.core.invoke('variants.publish', { id: (variant.value as { id: string }).id });
      for (let i = 0; i < 2; i++) await app.core.invoke('sync.now', undefined);
      const notice = await app.waitForEvent(
        'notification',
        (n) => n.kind === 'published' && n.postId === postId,
      );
      await page.getByRole('button', { name: /^Notices/ }).click();
      await page
        .getByRole('dialog', { name: 'Notice history' })
        .getByRole('button', { name: `Show post: ${notice.title}` })
        .first()
        .waitFor();
      await waitForText(page.getByRole('status', { name: 'Sync status' }), /^Up to date, read/);
      await page.screenshot({ path: join(DIR, `notices-${scheme}.png`) });
    } finally {
      await browser.close();
      await app.close();
      await sandbox.close();
    }
  });
});
