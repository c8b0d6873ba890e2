// The screens of issues 13 and 25 on the sandbox's demo data, light and dark: the calendar (its
// week of hours, chips naming their posts), the queue and the editor with its preview. Each
// screen is checked for what it must show before it is taken.
// `OUTPOST_SCREENSHOTS=1` writes them to docs/screenshots (shown in the README); otherwise they
// go to test-results/screenshots.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../server/index';
import { SCREENSHOT_DIR, connect, launchChromium, openWindow, selectWorkspace, startApp } from './harness';

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

      // Next week is the demo's planned week: its chips name their posts in the hour grid.
      await nav.getByRole('button', { name: 'Calendar' }).click();
      await page.locator('section.calendar[data-loaded-from]').waitFor();
      await page.getByRole('button', { name: 'Next week' }).click();
      await page
        .getByRole('button', { name: /^New single origin: Huila, Colombia, / })
        .first()
        .waitFor();
      await page.getByRole('button', { name: /^Meet the roasters, / }).waitFor();
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
    } finally {
      await browser.close();
      await app.close();
      await sandbox.close();
    }
  });
});
