// Importing posts in the window (browser host, Chromium, the sandbox): cells pasted from a
// spreadsheet, each row's verdict, one row fixed in place and one left out, confirmed, undone
// with one Undo and imported again (nothing made twice); a CSV file dropped on the window; and
// an export saved from the list and read back by the import. axe finds nothing serious.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeScan, call, seriousFindings, type Setup, until, useChromium, waitForText } from './harness';

const TOO_LONG = 'x'.repeat(300);
/** Twenty rows as a spreadsheet copies them: tab-separated, the header first. Row 7 (Plan 06) is too long for X. */
const CELLS = [
  ['title', 'platform', 'account', 'text', 'time'],
  ...Array.from({ length: 20 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return [
      `Plan ${n}`,
      i % 2 === 0 || i === 5 ? 'X' : 'LinkedIn',
      '',
      i === 5 ? TOO_LONG : `Post number ${n}`,
      '',
    ];
  }),
]
  .map((cells) => cells.join('\t'))
  .join('\n');

/**
 * A paste of `text`, as the browser delivers one, on `selector` (the page's body: outside any
 * field). The page runs it as a script: these suites are typed for Node, not the DOM.
 */
async function paste(page: Page, text: string, selector = 'body'): Promise<void> {
  await page.evaluate(`(() => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', ${JSON.stringify(text)});
    const event = new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
    document.querySelector(${JSON.stringify(selector)}).dispatchEvent(event);
  })()`);
}

/** A file dropped on the window, as a file manager drops one. */
async function drop(page: Page, name: string, text: string): Promise<void> {
  await page.evaluate(`(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([${JSON.stringify(text)}], ${JSON.stringify(name)}, { type: 'text/csv' }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  })()`);
}

const view = (page: Page): Locator => page.getByRole('region', { name: 'Import content' });
const summary = (page: Page): Locator => view(page).locator('.summary');
const rowOf = (page: Page, n: number): Locator =>
  view(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: String(n), exact: true }) });
const importButton = (page: Page): Locator => view(page).getByRole('button', { name: /^Import \d+ rows?$/ });
const notices = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });

async function titlesIn(s: Setup): Promise<string[]> {
  const list = await call(s, 'posts.list', { workspace: s.sandbox.fixtures.workspace });
  return list
    .map((p) => p.title)
    .filter((t) => t.startsWith('Plan '))
    .sort();
}

describe('import posts in the window', () => {
  const chromium = useChromium();

  it('pasted cells: one row fixed, one left out, confirmed, undone, imported again, nothing twice', async () => {
    const s = await chromium.start({ connect: true });
    const page = s.page;
    await paste(page, CELLS);
    await waitForText(summary(page), /Pasted cells: 19 rows ready \(19 posts\), 1 cannot be made/);
    await waitForText(rowOf(page, 7), /Row 7: 300 of 280 characters for X/);
    expect(seriousFindings(await axeScan(page))).toEqual([]);

    // Row 7 fixed in place; row 12 left out.
    await rowOf(page, 7).getByRole('button', { name: 'Fix row 7' }).click();
    await rowOf(page, 7).getByRole('textbox', { name: 'Row 7, text' }).fill('Post number 06, shorter');
    await rowOf(page, 7).getByRole('button', { name: 'Save row 7' }).click();
    await waitForText(rowOf(page, 7), /Ready/);
    await rowOf(page, 12).getByRole('checkbox', { name: 'Import row 12' }).uncheck();
    await waitForText(rowOf(page, 12), /Left out/);
    await waitForText(importButton(page), /Import 19 rows/);
    expect(await titlesIn(s)).toEqual([]);

    await importButton(page).click();
    await waitForText(view(page).getByRole('status'), /19 posts planned\./);
    const made = await titlesIn(s);
    expect(made).toHaveLength(19);
    expect(made).not.toContain('Plan 11');
    expect(
      (await call(s, 'posts.list', { workspace: s.sandbox.fixtures.workspace })).find(
        (p) => p.title === 'Plan 06',
      ),
    ).toBeDefined();

    // One Undo takes the whole import back.
    await waitForText(notices(page), /Imported 19 posts/);
    await notices(page).getByRole('button', { name: 'Undo' }).click();
    await waitForText(notices(page), /Undone/);
    expect(await titlesIn(s)).toEqual([]);

    // Imported again, from the view's own paste box: row 7 as it was (too long), row 12 back in.
    await view(page).getByRole('button', { name: 'Import another' }).click();
    await paste(page, CELLS, '.import textarea');
    await waitForText(summary(page), /19 rows ready \(19 posts\), 1 cannot be made/);
    await importButton(page).click();
    await waitForText(
      view(page).getByRole('status'),
      /19 posts planned, 1 left out: row 7 \(300 of 280 characters for X\)/,
    );
    const again = await titlesIn(s);
    expect(again).toHaveLength(19);
    expect(new Set(again).size).toBe(19);
    expect(again).toContain('Plan 11');

    // A third time: every row is recognised, nothing can be made twice.
    await view(page).getByRole('button', { name: 'Import another' }).click();
    await paste(page, CELLS, '.import textarea');
    await waitForText(summary(page), /0 rows ready \(0 posts\), 20 cannot be made/);
    await waitForText(rowOf(page, 2), /already imported \(it is in Outpost\)/);
    expect(await importButton(page).isDisabled()).toBe(true);
    expect(await titlesIn(s)).toEqual(again);
  });

  it('a file chosen, fixed in a spreadsheet and chosen again is read again, with no error in the page', async () => {
    const s = await chromium.start({ connect: true });
    const page = s.page;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.getByRole('button', { name: 'Import…' }).click();
    const choose = async (csv: string): Promise<void> => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        view(page).getByRole('button', { name: 'Choose a CSV or TSV file…' }).click(),
      ]);
      await chooser.setFiles({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    };
    await choose('title,platform,text\nChosen one,X,First\n');
    await waitForText(summary(page), /plan\.csv: 1 row ready \(1 post\)/);
    // Emptied, so that choosing plan.csv again is a change the browser reports.
    expect(await view(page).getByLabel('CSV or TSV file to import').inputValue()).toBe('');
    await choose('title,platform,text\nChosen one,X,First\nChosen two,X,Second\n');
    await waitForText(summary(page), /plan\.csv: 2 rows ready \(2 posts\)/);
    expect(errors).toEqual([]);
  });

  it('a dropped file opens the import; an export saved from the list reads back as already here', async () => {
    const s = await chromium.start({ connect: true });
    const page = s.page;
    const csv = 'title;platform;text\r\n"Dropped, with a comma";X;"Two\r\nlines"\r\n';
    await drop(page, 'plan.csv', csv);
    await waitForText(summary(page), /plan\.csv: 1 row ready \(1 post\)/);
    await rowOf(page, 2).waitFor();
    await importButton(page).click();
    await waitForText(view(page).getByRole('status'), /1 post planned\./);
    await until('the dropped post in the list', async () =>
      (await call(s, 'posts.list', { workspace: s.sandbox.fixtures.workspace })).some(
        (p) => p.title === 'Dropped, with a comma',
      ),
    );

    // The list, exported: the file the browser saves is Outpost's CSV.
    await view(page).getByRole('button', { name: 'Show the posts' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^outpost-acme-\d{4}-\d{2}-\d{2}\.csv$/);
    const saved = await readFile(await download.path(), 'utf8');
    expect(saved.startsWith('\ufefftitle,platform,account,text,time,post,state,link,id')).toBe(true);
    // The file's CRLF inside the quoted cell was read as the text's own line break: one \n.
    expect(saved).toContain('"Dropped, with a comma",X,,"Two\nlines"');
    // Said in a notice: a line above the list would stay, or move every row when it went.
    await waitForText(notices(page), /Exported \d+ rows as CSV\./);
    expect(
      await page
        .getByRole('region', { name: 'Posts' })
        .getByText(/Exported/)
        .count(),
    ).toBe(0);

    // Read back by the import: every row is here already.
    await drop(page, 'export.csv', saved);
    await waitForText(summary(page), /export\.csv: 0 rows ready/);
    await waitForText(view(page).getByRole('table'), /already in Outpost/);
    expect(seriousFindings(await axeScan(page))).toEqual([]);
  });
});
