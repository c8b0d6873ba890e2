// The shortcut sheet: "?" outside a text field lists every key the window knows, Escape closes
// it and the focus goes back; "?" typed in a text field is the person's text.
import { describe, expect, it } from 'vitest';
import { axeScan, seriousFindings, useChromium } from './harness';

const focusedName = `(() => { const el = document.activeElement; return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : ''; })()`;

describe('the shortcut sheet', () => {
  const chromium = useChromium();

  it('opens with ?, lists the shortcuts of each view, closes with Escape, and leaves a ? typed in a field alone', async () => {
    const s = await chromium.start({ timezoneId: 'Europe/Berlin' });
    const page = s.page;
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const newPost = page.getByRole('button', { name: 'New post' });

    await newPost.focus();
    await page.keyboard.press('?');
    await sheet.waitFor();
    expect(await sheet.getByRole('row', { name: 'Alt+N New post' }).count()).toBe(1);
    for (const where of ['Anywhere', 'Editor', 'Post list', 'Calendar'])
      expect(await sheet.getByRole('table', { name: where }).count()).toBe(1);
    expect(await page.evaluate<string>(focusedName)).toBe('Close');
    expect(seriousFindings(await axeScan(page))).toEqual([]);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    expect(await page.evaluate<string>(focusedName)).toBe('New post');

    // Its button in the status bar opens it too.
    await page.getByRole('button', { name: 'Keyboard shortcuts (?)' }).click();
    await sheet.waitFor();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'hidden' });

    const search = page.getByRole('searchbox', { name: 'Search posts' });
    await search.focus();
    await page.keyboard.type('why?');
    expect(await search.inputValue()).toBe('why?');
    expect(await sheet.isVisible()).toBe(false);
  });
});
