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
});
