// Settings says only what is true now (QA): a failed test goes once Connect works, a success goes
// once the service refuses the token, the "needs a token" notice goes once a new one is given
// (and never stacks), and a message in a pre-wrap block carries no indent from the source.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connect, syncNow, until, useChromium } from './harness';

const result = (page: Page) => page.locator('.settings .result');
const notices = (page: Page) => page.getByText(/Sync is paused until Outpost has an access token/);

/** Every pre-wrap element's text that starts or ends in whitespace or has a line broken by the source. */
async function strayWhitespace(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll('body *')]
    .filter((e) => getComputedStyle(e).whiteSpace === 'pre-wrap' && e.textContent !== '')
    .map((e) => e.textContent)
    .filter((t) => /^\\s|\\s$|\\n[ \\t]/.test(t))`);
}

describe('Settings messages', () => {
  const chromium = useChromium();

  it('a failed test goes once Connect works; a success goes once the token is refused', async () => {
    const s = await chromium.start();
    const { page } = s;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Service address').fill('http://127.0.0.1:47399');
    await page.getByLabel('Access token').fill(s.sandbox.token);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await result(page)
      .getByText(/^Connection failed: /)
      .waitFor();
    await connect(page, s.sandbox.baseUrl, s.sandbox.token);
    expect(await result(page).innerText()).toMatch(/^Connected\. [^\n]*$/);

    s.sandbox.revokeToken(s.sandbox.token);
    await syncNow(page);
    const refused = page.getByText('The service no longer accepts the access token.');
    await refused.waitFor();
    await until('the old success gone', async () => (await result(page).innerText()).trim() === '');
    expect(await page.getByText(/^Connected to /).count()).toBe(0);
    expect(await refused.innerText()).not.toContain('\n');
    expect(await strayWhitespace(page)).toEqual([]);
  });

  it('the token notice goes once a new token is given, and a second refusal shows it once', async () => {
    const s = await chromium.start({ connect: true });
    const { page } = s;
    let token = s.sandbox.token;
    for (let round = 0; round < 2; round++) {
      s.sandbox.revokeToken(token);
      await syncNow(page);
      await notices(page).first().waitFor();
      expect(await notices(page).count()).toBe(1);
      token = s.sandbox.mintToken();
      await connect(page, s.sandbox.baseUrl, token);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Posts' }).click();
      await until('the notice gone', async () => (await notices(page).count()) === 0);
    }
  });
});
