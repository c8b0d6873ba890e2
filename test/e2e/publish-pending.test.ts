// Publish now pressed while the service is away (browser host, Chromium, the sandbox): the
// publish waits in the outbox, and the window no longer offers a change of its time or its text,
// saying why where its controls were; the core would refuse them in the same words. What was
// typed before the press goes out with it.
import { describe, expect, it } from 'vitest';
import { REFUSALS } from '@preload/words/refusals';
import { call, until, useChromium } from './harness';
import { scheduledTimeField } from './schedule-steps';
import { TEST_ZONE } from '../support/test-date';

describe('a publish on its way', () => {
  const chromium = useChromium();

  it('holds its text and time, with the reason shown; the text typed before goes out', async () => {
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
    // Typed, and Publish now pressed at once: the text is saved before the publish is asked for.
    const content = page.getByLabel('Content', { exact: true });
    await content.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Typed last.');
    await page.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish now?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();

    // The variant waits for its publish, as a published one does: the reason where its controls
    // were, the text read-only, the time unusable, no Unschedule or Schedule.
    const lock = page.locator('#variant-lock');
    await until('the reason shown', async () =>
      ((await lock.textContent()) ?? '').includes(REFUSALS.publishHolds),
    );
    expect(await content.getAttribute('readonly')).not.toBeNull();
    expect(await content.getAttribute('aria-describedby')).toContain('variant-lock');
    expect(await scheduledTimeField(page).getAttribute('aria-disabled')).toBe('true');
    expect(await unschedule.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Schedule', exact: true }).isEnabled()).toBe(false);
    // Keys typed now change nothing.
    await content.focus();
    await page.keyboard.type(' Too late.');
    expect(await content.inputValue()).toBe('Out it goes. Typed last.');
    const kept = await call(s, 'posts.get', { id: post.id });
    expect(kept.variants[0]?.content).toBe('Out it goes. Typed last.');

    // The service is back: that text is what goes out, and nothing fails behind it.
    s.sandbox.faults.clear();
    await s.app.core.syncNow('user');
    expect(s.sandbox.inspect.variants().find((x) => x.id === kept.variants[0]?.serverId)).toMatchObject({
      status: 'published',
      content: 'Out it goes. Typed last.',
    });
    expect(s.app.core.status()).toMatchObject({ pending: 0, failed: 0 });
  });
});
