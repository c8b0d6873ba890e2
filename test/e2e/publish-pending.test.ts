// Publish now pressed while the service is away (browser host, Chromium, the sandbox): the
// publish waits in the outbox, and the window no longer offers Unschedule or Schedule for it,
// saying why beside them; the core would refuse them in the same words.
import { describe, expect, it } from 'vitest';
import { REFUSALS } from '@preload/words/refusals';
import { call, description, until, useChromium } from './harness';
import { scheduledTimeField } from './schedule-steps';
import { TEST_ZONE } from '../support/test-date';

describe('a publish on its way', () => {
  const chromium = useChromium();

  it('leaves Unschedule unavailable, with the reason shown', async () => {
    const s = await chromium.start({ timezoneId: TEST_ZONE, connect: true });
    const post = await call(s, 'posts.create', {
      workspace: s.sandbox.fixtures.workspace,
      title: 'Going out',
    });
    const v = await call(s, 'variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Out it goes.',
      account: { kind: 'default' },
    });
    await call(s, 'variants.schedule', { id: v.id, at: new Date(s.now() + 86_400_000).toISOString() });
    await s.app.core.syncNow('user');
    await until('the scheduled variant on the service', () =>
      s.sandbox.inspect.variants().find((x) => x.content === 'Out it goes.' && x.scheduled_at !== null),
    );
    // The service goes away: every request is cut before it is read.
    s.sandbox.faults.add({ kind: 'drop_before_write', path: '/api/*' });

    const page = s.page;
    // The post's row in the list (the schedule's notice names the post too, on its Undo).
    await page.getByRole('list', { name: 'Post list' }).getByText('Going out').click();
    const unschedule = page.getByRole('button', { name: 'Unschedule' });
    await unschedule.waitFor();
    expect(await unschedule.isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish now?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();

    await until('Unschedule unavailable', async () => !(await unschedule.isEnabled()));
    expect(await description(unschedule)).toContain(REFUSALS.publishHoldsTime);
    const note = page.locator('#variant-send-note');
    await until('the reason beside the controls', async () =>
      ((await note.textContent()) ?? '').includes(REFUSALS.publishHoldsTime),
    );
    expect(await page.getByRole('button', { name: 'Schedule', exact: true }).isEnabled()).toBe(false);
    // The time stays what it was.
    expect(await scheduledTimeField(page).getAttribute('aria-disabled')).toBe('true');
  });
});
