// In Chromium: service text is data. A post title with a right-to-left
// override, written on the service, is shown isolated (dir=auto) in the post list and the
// editor, and the editor names the invisible character as it does for typed text; a variant
// whose platform the service named with a right-to-left override is shown escaped and marked,
// never reordered.
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src-main/core/api/client';
import { connectWindow, until, useChromium, waitForText } from './harness';

const TITLE = 'Invoice \u202eexe.txt';
const PLATFORM = 'x\u202elive';

describe('service text in the window', () => {
  const chromium = useChromium();

  it('isolates a service title, marks its invisible characters, and shows a flagged platform escaped', async () => {
    const s = await chromium.start();
    const f = s.sandbox.fixtures;
    const service = new ServiceClient({
      baseUrl: s.sandbox.baseUrl,
      token: s.sandbox.token,
      authHeader: 'bearer',
    });
    const post = await service.createPost(f.workspace, { title: TITLE });
    await service.createVariant(f.workspace, post.id, { platform: PLATFORM, content: 'Hello' });

    await connectWindow(s);
    const row = s.page.locator('.post-row', { hasText: 'exe.txt' });
    await row.waitFor();
    // The title, whole, in an element that isolates it from the rest of the row.
    const isolatedTitle = row.locator('[dir="auto"], bdi', { hasText: 'exe.txt' });
    expect(await isolatedTitle.count()).toBe(1);
    expect(await isolatedTitle.textContent()).toBe(TITLE);

    await row.click();
    const title = s.page.getByLabel('Title', { exact: true });
    await until('the post open', async () => (await title.inputValue()) === TITLE);
    expect(await title.getAttribute('dir')).toBe('auto');
    const titleMark = s.page.locator('[data-invisible]', { hasText: 'in the title' });
    await waitForText(titleMark, /U\+202E\s*right-to-left override, at position 9/);

    // The platform: written out with its escape, in the tab and in the preview, and marked.
    const tab = s.page.getByRole('tab');
    await waitForText(tab, /x\\u202elive/);
    expect(await tab.textContent()).not.toContain('\u202e');
    await waitForText(s.page.locator('#preview-title'), /Preview \(x\\u202elive\)/);
    const platformMark = s.page.locator('[data-invisible]', { hasText: 'platform’s name' });
    await waitForText(platformMark, /U\+202E\s*right-to-left override, at position 2/);
  });
});
