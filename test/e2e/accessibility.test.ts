// An axe scan of each screen, in light and dark, with no serious or critical finding; and a
// screenshot of each, written to test-results/screenshots/ (not committed).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addVariant,
  axeScan,
  connectWindow,
  newPost,
  screenshot,
  seriousFindings,
  syncNow,
  until,
  useSharedSetup,
  variantBadge,
  waitForText,
} from './harness';
import type { AxeFinding } from './harness';

/** The role=status regions of the page that hold a control, by name or start of text. */
const statusesWithControls = (page: Page): Promise<string[]> =>
  page.evaluate<string[]>(`[...document.querySelectorAll('[role="status"]')]
    .filter((region) => region.querySelector('button, a[href], input, select, textarea') !== null)
    .map((region) => region.getAttribute('aria-label') ?? region.textContent.trim().slice(0, 60))`);

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();

describe.each(['light', 'dark'] as const)('every screen in %s', (scheme) => {
  const setup = useSharedSetup({ colorScheme: scheme });
  const findings: Record<string, AxeFinding[]> = {};

  async function check(name: string): Promise<void> {
    const { page } = setup();
    findings[name] = seriousFindings(await axeScan(page));
    // A status is read out whole when it changes: a button in it would be read as if it were news.
    expect(await statusesWithControls(page), name).toEqual([]);
    await screenshot(page, `${name}-${scheme}`);
  }

  it('first run: the local space, before connecting', async () => {
    const { page } = setup();
    await page.getByRole('button', { name: 'Connect to your service' }).waitFor();
    await check('first-run');
    expect(findings['first-run']).toEqual([]);
  });

  it('settings', async () => {
    const { page } = setup();
    await nav(page, 'Settings');
    await page.getByLabel('Service address').waitFor();
    await check('settings');
    expect(findings.settings).toEqual([]);
  });

  it('posts and the editor, connected, with two variants and a counter past its limit', async () => {
    const { sandbox, page } = setup();
    await connectWindow(setup());
    await newPost(page, 'Spring launch');
    await addVariant(
      page,
      'linkedin',
      'We are launching our spring collection next week. Here is what to expect.',
    );
    await addVariant(page, 'x', `Spring is here 🌷 ${'and it is long '.repeat(20)}`);
    await syncNow(page);
    await until('the post reached the service', () =>
      sandbox.inspect.posts(sandbox.fixtures.workspace).some((p) => p.title === 'Spring launch'),
    );
    await waitForText(page.locator('#variant-counter'), /over the X limit/);
    await check('editor');
    expect(findings.editor).toEqual([]);
  });

  it('the publish confirmation', async () => {
    const { page } = setup();
    // The X text is past its limit, so Publish now is disabled there: confirm the LinkedIn one.
    await page.getByRole('tab', { name: 'LinkedIn' }).click();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('dialog', { name: 'Publish now?' }).waitFor();
    await check('publish-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('tab', { name: 'X' }).click();
    expect(findings['publish-dialog']).toEqual([]);
  });

  it('the History panel of a text, its oldest version compared with the text now', async () => {
    const { page } = setup();
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const panel = page.getByRole('region', { name: 'History of the X text' });
    await panel.getByRole('button', { name: /^Version 1 ·/ }).waitFor();
    await check('history');
    await panel.getByRole('button', { name: 'Close history' }).click();
    expect(findings.history).toEqual([]);
  });

  it('activity of a post', async () => {
    const { page } = setup();
    await page.getByRole('button', { name: 'Show activity' }).click();
    await page.getByRole('button', { name: 'Refresh activity' }).waitFor();
    await check('activity');
    expect(findings.activity).toEqual([]);
  });

  it('the conflict view, both versions side by side', async () => {
    const { sandbox, app, page } = setup();
    const post = sandbox.inspect.posts(sandbox.fixtures.workspace).find((p) => p.title === 'Spring launch')!;
    const content = page.getByLabel('Content', { exact: true });
    const local = await content.inputValue();
    const x = await until('the X variant synced', () =>
      sandbox.inspect.variants(post.id).find((v) => v.platform === 'x' && v.content === local),
    );
    await waitForText(variantBadge(page), /^Draft$/);
    // Changed here while sync is paused, and on the service meanwhile: both changed since the base.
    expect((await app.core.invoke('sync.pause', undefined)).ok).toBe(true);
    const mine = 'Spring is here 🌷 Mine: the short version.';
    const theirs = 'Spring is here 🌷 Theirs: edited on the web.';
    await content.fill(mine);
    await content.blur();
    await waitForText(page.locator('.state'), /Saved/);
    const response = await fetch(
      `${sandbox.baseUrl}/api/workspaces/${sandbox.fixtures.workspace}/posts/${post.id}/variants/${x.id}/`,
      {
        method: 'PATCH',
        headers: { 'X-API-Key': sandbox.token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: theirs }),
      },
    );
    expect(response.status).toBe(200);
    expect((await app.core.invoke('sync.resume', undefined)).ok).toBe(true);
    await syncNow(page);
    await waitForText(variantBadge(page), /^Conflict$/);
    const view = page.getByRole('region', { name: 'Conflict: changed here and on the service' });
    await view.getByText(mine).waitFor();
    await view.getByText(theirs).waitFor();
    await check('conflict');
    // Leave the post as the next screens expect it: resolved, nothing pending.
    await view.getByRole('button', { name: 'Take theirs' }).click();
    await view.waitFor({ state: 'detached' });
    expect(findings.conflict).toEqual([]);
  });

  it('outbox and sync log', async () => {
    const { page } = setup();
    await nav(page, 'Outbox');
    // The raw log is behind "Details": opened, it is checked too.
    await page.getByText('Details: what sync did, and why').click();
    await page.getByRole('heading', { name: 'Sync log' }).waitFor();
    await check('outbox');
    expect(findings.outbox).toEqual([]);
  });

  it('the notice history', async () => {
    const { page } = setup();
    await page.getByRole('button', { name: /^Notices/ }).click();
    const history = page.getByRole('dialog', { name: 'Notice history' });
    await history.waitFor();
    await check('notice-history');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    expect(findings['notice-history']).toEqual([]);
  });

  it('writing skills of the workspace, every page up to the service bound', async () => {
    const { sandbox, page } = setup();
    await nav(page, 'Writing skills');
    const count = await waitForText(page.locator('.skills p.muted').first(), /\d+ skills in/);
    // The caller sees more than 200 skills; the service bounds the list to the newest 200.
    expect(Number(count.match(/(\d+) skills/)?.[1])).toBe(
      Math.min(200, sandbox.fixtures.skillsVisibleToCaller),
    );
    await check('skills');
    expect(findings.skills).toEqual([]);
  });

  it('the post list with a post picked, the bulk bar and its reschedule panel', async () => {
    const { page } = setup();
    await nav(page, 'Posts');
    await page.getByRole('checkbox', { name: 'Select Spring launch' }).click();
    const bar = page.getByRole('region', { name: 'Selected posts' });
    await bar.getByRole('button', { name: 'Reschedule…' }).click();
    await bar.getByLabel('Move by').fill('soon');
    await bar.getByRole('button', { name: 'Move', exact: true }).click();
    await bar.getByRole('alert').waitFor();
    await check('bulk');
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await bar.waitFor({ state: 'detached' });
    expect(findings.bulk).toEqual([]);
  });

  it('the theme setting overrides the system scheme', async () => {
    const { page } = setup();
    await nav(page, 'Settings');
    const other = scheme === 'light' ? 'Dark' : 'Light';
    await page.getByRole('radio', { name: other }).check();
    await page.locator(`html[data-theme="${other.toLowerCase()}"]`).waitFor({ state: 'attached' });
    await check(`settings-${other.toLowerCase()}-override`);
    await page.getByRole('radio', { name: 'System' }).check();
    await page.locator('html[data-theme="system"]').waitFor({ state: 'attached' });
    expect(findings[`settings-${other.toLowerCase()}-override`]).toEqual([]);
  });
});
