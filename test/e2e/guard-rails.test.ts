// What the window will not offer as if it would work, and how it says why: a local draft is
// not scheduled or published before it is in a workspace, "Assign later" has no account to
// send from, a variant waiting for sign-off is locked. Messages go when their cause does, and
// moved drafts are shown where they went.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { utcToZonedInput } from '../../src-renderer/src/lib/schedule-time';
import {
  addVariant,
  description,
  newPost,
  syncNow,
  until,
  useChromium,
  variantBadge,
  waitForText,
} from './harness';
import { fillScheduledTime } from './schedule-steps';
import type { SetupOptions } from './harness';

const ZONE = 'Europe/Paris';

const publishButton = (page: Page) => page.getByRole('button', { name: 'Publish now' });
const scheduleButton = (page: Page) => page.getByRole('button', { name: 'Schedule', exact: true });
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();

/** Waits until a control is offered but unavailable (aria-disabled), and returns why. */
async function unavailableBecause(page: Page, name: 'Publish now' | 'Schedule'): Promise<string> {
  const button = name === 'Publish now' ? publishButton(page) : scheduleButton(page);
  await until(`${name} unavailable`, async () => (await button.getAttribute('aria-disabled')) === 'true');
  return description(button);
}

async function available(page: Page, name: 'Publish now' | 'Schedule'): Promise<void> {
  const button = name === 'Publish now' ? publishButton(page) : scheduleButton(page);
  await until(`${name} available`, async () => (await button.getAttribute('aria-disabled')) === null);
  expect(await button.isEnabled()).toBe(true);
}

describe('guard rails', () => {
  const chromium = useChromium();
  const start = (options: SetupOptions = {}) => chromium.start({ timezoneId: ZONE, ...options });

  it('a local draft cannot be scheduled or published; Connect offers the move and shows the drafts where they went', async () => {
    const s = await start();
    const { page } = s;
    await newPost(page, 'Written offline');
    await addVariant(page, 'x', 'Hello from nowhere.');
    await waitForText(variantBadge(page), /Local only/);

    // Offered, but unavailable with the reason, before anything is sent anywhere.
    expect(await unavailableBecause(page, 'Publish now')).toMatch(/^Move this draft to a workspace first/);
    await fillScheduledTime(page, utcToZonedInput('2031-05-01T08:00:00Z', ZONE));
    expect(await unavailableBecause(page, 'Schedule')).toMatch(/^Move this draft to a workspace first/);
    await page.getByText(/^Move this draft to a workspace first/).waitFor();
    // The content stays editable.
    expect(await page.getByLabel('Content', { exact: true }).isEditable()).toBe(true);

    // The browser host has no tray: the option is not offered there.
    await nav(page, 'Settings');
    await page.getByLabel('Service address').waitFor();
    expect(await page.getByText('Keep running in the tray').count()).toBe(0);

    // Connecting says the draft is still only here, and offers the move in place.
    await page.getByLabel('Service address').fill(s.sandbox.baseUrl);
    await page.getByLabel('Access token').fill(s.sandbox.token);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText(/^Connected\. 1 draft is still only on this computer/).waitFor();
    expect(await page.getByText('Your drafts sync in the background').count()).toBe(0);
    await page.getByLabel('Workspace for local drafts').selectOption(s.sandbox.fixtures.workspace);
    await page.getByRole('button', { name: 'Move 1 draft' }).click();
    await page.getByText('Moved 1 draft to “Acme Inc.”').waitFor();

    // The window now shows that workspace, where the draft is.
    await page.getByRole('button', { name: 'Show posts' }).click();
    await until(
      'the workspace shown',
      async () =>
        (await page.getByLabel('Workspace', { exact: true }).inputValue()) === s.sandbox.fixtures.workspace,
    );
    await page.getByRole('list', { name: 'Post list' }).getByText('Written offline').click();
    await available(page, 'Publish now');
    expect(await page.getByText(/^Move this draft to a workspace first/).count()).toBe(0);
  });

  it('"Assign later" cannot be sent; a refused account change says why until another account is chosen; the confirmation reads well', async () => {
    const s = await start({ connect: true });
    const { page } = s;
    await newPost(page, 'Who sends it');
    await addVariant(page, 'x', 'Short and sweet.');
    await syncNow(page);
    await waitForText(variantBadge(page), /^Draft$/);
    await available(page, 'Publish now');

    const account = page.getByLabel('Account', { exact: true });
    await account.selectOption({ label: 'Assign later' });
    expect(await unavailableBecause(page, 'Publish now')).toMatch(/^Choose an account first/);
    await fillScheduledTime(page, utcToZonedInput('2031-05-01T08:00:00Z', ZONE));
    expect(await unavailableBecause(page, 'Schedule')).toMatch(/^Choose an account first/);

    // The service picks its default account only when a variant is created: once the variant
    // is on the service, the picker does not offer it (the core refuses it too).
    expect(await account.locator('option', { hasText: 'Platform default' }).isDisabled()).toBe(true);

    // The cause goes away, and the variant may be sent.
    await account.selectOption({ label: 'Acme' });
    await available(page, 'Publish now');

    // The confirmation names the account.
    await publishButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Publish now?' });
    await dialog.waitFor();
    const text = ((await dialog.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('This publishes the X variant right away, from the account “Acme”.');
    expect(text).not.toMatch(/no account yet right away/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Past the limit it cannot be sent at all: the window says what to do.
    const content = page.getByLabel('Content', { exact: true });
    await content.fill(`${'A long thought. '.repeat(20)}`);
    await content.blur();
    expect(await unavailableBecause(page, 'Publish now')).toMatch(
      /^The text is 40 over the X limit.*Shorten it/,
    );
  });

  it('variant tabs show their state by shape as well as colour, and in words', async () => {
    const s = await start({ connect: true });
    const { page } = s;
    await newPost(page, 'Two states');
    await addVariant(page, 'x', 'Scheduled one.');
    await addVariant(page, 'linkedin', 'Draft one.');
    await syncNow(page);
    await waitForText(variantBadge(page), /^Draft$/);
    await page.getByRole('tab', { name: 'X' }).click();
    await fillScheduledTime(page, utcToZonedInput('2031-05-01T08:00:00Z', ZONE));
    await scheduleButton(page).click();
    await syncNow(page);
    await waitForText(variantBadge(page), /^Scheduled$/);

    const x = page.getByRole('tab', { name: 'X' });
    const linkedin = page.getByRole('tab', { name: 'LinkedIn' });
    expect(await x.locator('svg').getAttribute('data-shape')).toBe('clock');
    expect(await linkedin.locator('svg').getAttribute('data-shape')).toBe('draft');
    expect(await description(x)).toBe('Scheduled');
    expect(await description(linkedin)).toBe('Draft');
    // On the selected tab the shape is drawn in the tab's own text colour, not lost in the accent.
    const id = await x.getAttribute('id');
    const [iconColour, tabColour] = await page.evaluate<string[]>(
      `(() => { const tab = document.getElementById(${JSON.stringify(id)}); return [getComputedStyle(tab.querySelector('svg')).color, getComputedStyle(tab).color]; })()`,
    );
    expect(iconColour).toBe(tabColour);
  });

  it('says a keychain problem in plain words, with the technical detail one click away', async () => {
    const raw =
      'No OS keychain is available (Cannot autolaunch D-Bus without X11 $DISPLAY): the token is kept in memory for this session only; drafting goes on.';
    const s = await start({ secretsMessage: raw });
    const { page } = s;
    await nav(page, 'Settings');
    await page.getByText(/could not use this computer’s password keychain/).waitFor();
    const detail = page.getByText(raw);
    expect(await detail.isVisible()).toBe(false);
    await page.getByText('Technical detail').click();
    await detail.waitFor();
  });
});
