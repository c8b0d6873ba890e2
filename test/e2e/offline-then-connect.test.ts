// Drafting with the service down, then connecting and syncing: nothing typed is lost, and the
// drafts reach the service once, in the workspace the user moved them to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../server/index';
import {
  addVariant,
  connect,
  gotoPosts,
  newPost,
  openWindow,
  startApp,
  startTestSandbox,
  syncNow,
  until,
  useChromium,
  variantBadge,
  waitForText,
} from './harness';
import type { AppUnderTest } from './harness';

describe('offline first, then connected', () => {
  const { browser } = useChromium();
  let app: AppUnderTest;
  let sandbox: SandboxHandle | undefined;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('drafts with the sandbox down, connects, moves the drafts into a workspace and syncs them', async () => {
    const { context, page } = await openWindow(browser(), app);

    // No service anywhere: drafting works at once.
    await newPost(page, 'Written on a train');
    await addVariant(page, 'x', 'No signal, still writing.');
    await addVariant(page, 'linkedin', 'A longer note for LinkedIn, drafted offline.');
    await waitForText(variantBadge(page), /Local only/);
    await page.getByRole('tab', { name: 'X' }).click();
    expect(await page.getByLabel('Content', { exact: true }).inputValue()).toBe('No signal, still writing.');

    // A test of a service that is not there says why, verbatim from the core.
    await page.getByRole('button', { name: 'Connect to your service' }).click();
    await page.getByLabel('Service address').fill('http://127.0.0.1:9');
    await page.getByLabel('Access token').fill('cps_pat_nothere');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await waitForText(page.locator('.result'), /Connection failed: \S/);

    // The service comes up; connect to it.
    sandbox = await startTestSandbox();
    const { workspace } = sandbox.fixtures;
    await page.getByLabel('Service address').fill(sandbox.baseUrl);
    await page.getByLabel('Access token').fill(sandbox.token);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await waitForText(
      page.locator('.result'),
      new RegExp(`Connection works\\. Workspaces found: .*${workspace}`),
    );
    await connect(page, sandbox.baseUrl, sandbox.token);
    // The token field is masked and emptied after connecting.
    expect(await page.getByLabel('Access token').getAttribute('type')).toBe('password');
    expect(await page.getByLabel('Access token').inputValue()).toBe('');

    // Move the local drafts into the workspace.
    await gotoPosts(page);
    await until(
      'workspaces listed',
      async () => (await page.getByLabel('Workspace', { exact: true }).locator('option').count()) > 1,
    );
    await page.getByLabel('Move local drafts to workspace').selectOption(workspace);
    await page.getByRole('button', { name: 'Move drafts' }).click();
    await waitForText(page.getByRole('status').filter({ hasText: 'Moved' }), /Moved 1 draft/);
    // The window goes where the drafts went: the workspace is shown, with the moved post in it.
    expect(await page.getByLabel('Workspace', { exact: true }).inputValue()).toBe(workspace);
    await page.getByRole('list', { name: 'Post list' }).getByText('Written on a train').click();

    await syncNow(page);
    const post = await until('the post on the service', () =>
      sandbox!.inspect.posts(workspace).find((p) => p.title === 'Written on a train'),
    );
    const variants = await until('both variants on the service', () => {
      const vs = sandbox!.inspect.variants(post.id);
      return vs.length === 2 ? vs : null;
    });
    expect(variants.map((v) => [v.platform, v.content]).sort()).toEqual([
      ['linkedin', 'A longer note for LinkedIn, drafted offline.'],
      ['x', 'No signal, still writing.'],
    ]);
    await waitForText(variantBadge(page), /^Draft$/);
    await waitForText(page.getByRole('status', { name: 'Sync status' }), /Up to date/);

    // A second sync sends nothing twice.
    await syncNow(page);
    await waitForText(page.getByRole('status', { name: 'Sync status' }), /Up to date/);
    expect(sandbox.inspect.posts(workspace).filter((p) => p.title === 'Written on a train')).toHaveLength(1);
    expect(sandbox.inspect.variants(post.id)).toHaveLength(2);
    await context.close();
  });
});
