// Times in the viewer's zone: the browser host runs on UTC, the window in Europe/Berlin. The
// core passes instants; the window writes every time it shows (a notice, its Undo, the notice
// history, the status) in its own zone, as the calendar does.
import { HOST_ZONE, restoreZone } from './host-on-utc';
import { afterAll, describe, expect, it } from 'vitest';
import { zonedInputToUtc, utcToZonedInput } from '../../src-renderer/src/lib/schedule-time';
import { call, until, useChromium, waitForText } from './harness';

const WINDOW_ZONE = 'Europe/Berlin';
const DAY = 86_400_000;

afterAll(restoreZone);

const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An instant as the window writes it (en-GB, as the test's windows are), in `timeZone`. */
function when(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(Date.parse(iso));
}

describe('times in the viewer’s zone', () => {
  const chromium = useChromium();

  it('a notice, its Undo, the notice history and the status say Berlin times while the host runs on UTC', async () => {
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(HOST_ZONE);
    const s = await chromium.start({ timezoneId: WINDOW_ZONE, connect: true });
    const page = s.page;
    const post = await call(s, 'posts.create', {
      workspace: s.sandbox.fixtures.workspace,
      title: 'Week note alpha',
    });
    const variant = await call(s, 'variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'The week, in one note.',
      account: { kind: 'default' },
    });
    const day = utcToZonedInput(new Date(s.now() + DAY).toISOString(), WINDOW_ZONE).slice(0, 10);
    const at = zonedInputToUtc(`${day}T10:00`, WINDOW_ZONE);
    await call(s, 'variants.schedule', { id: variant.id, at });

    const shown = when(at, WINDOW_ZONE);
    expect(shown).toMatch(/10:00$/);
    expect(when(at, HOST_ZONE)).not.toBe(shown);
    const label = `Scheduled ‘Week note alpha’ (X) for ${shown}`;
    const notices = page.getByRole('region', { name: 'Notifications' });
    const undo = notices.getByRole('button', { name: `Undo: ${label}` });
    await undo.waitFor();
    await undo.click();
    await waitForText(notices, new RegExp(`Undone\\s*${literally(label)}`));

    await page.getByRole('button', { name: /^Notices/ }).click();
    const history = page.getByRole('dialog', { name: 'Notice history' });
    await waitForText(history, new RegExp(literally(label)));
    expect(await history.textContent()).not.toContain('⟦');

    await s.app.core.syncNow('user');
    const status = await until('the status to say when the service was read', async () => {
      const text = (await page.getByRole('status', { name: 'Sync status' }).textContent()) ?? '';
      return /read \d\d:\d\d/.test(text) ? text : null;
    });
    const read = (await call(s, 'sync.status', undefined)).lastReadAt ?? '';
    const readAt = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: WINDOW_ZONE });
    expect(status).toContain(`read ${readAt.format(Date.parse(read))}`);
  });

  it('pasted cells are read on the window’s clock where the account has no posting times', async () => {
    const s = await chromium.start({ timezoneId: WINDOW_ZONE, connect: true });
    const page = s.page;
    const day = utcToZonedInput(new Date(s.now() + 2 * DAY).toISOString(), WINDOW_ZONE).slice(0, 10);
    const cells = `title\tplatform\ttext\ttime\nZone plan\tX\tOn Berlin's clock\t${day} 10:00`;
    await page.getByRole('button', { name: 'Import…' }).click();
    // A paste outside any field, as the browser delivers one (the suites are typed for Node).
    await page.evaluate(`(() => {
      const transfer = new DataTransfer();
      transfer.setData('text/plain', ${JSON.stringify(cells)});
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    })()`);
    const view = page.getByRole('region', { name: 'Import content' });
    await view.getByRole('button', { name: 'Import 1 row' }).click();
    await waitForText(view.getByRole('status'), /1 post planned\./);
    const list = await call(s, 'posts.list', { workspace: s.sandbox.fixtures.workspace });
    const post = await call(s, 'posts.get', { id: list.find((p) => p.title === 'Zone plan')?.id ?? '' });
    expect(post.variants.map((v) => Date.parse(v.scheduledAt ?? ''))).toEqual([
      Date.parse(zonedInputToUtc(`${day}T10:00`, WINDOW_ZONE)),
    ]);
  });
});
