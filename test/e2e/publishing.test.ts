// Scheduling and publishing through the window against the sandbox: the clock moves and the
// item becomes Published with its link; a sign-off channel waits for release; a connection
// dropped after the publish was applied never leads to a second publish.
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
import { fillScheduledTime, scheduledTimeField } from './schedule-steps';
import type { Setup } from './harness';

const ZONE = 'Europe/Paris';

/** Drafts a post with one variant and waits until the service has it. */
async function draftSynced(s: Setup, title: string, platform: string, content: string) {
  await newPost(s.page, title);
  await addVariant(s.page, platform, content);
  await syncNow(s.page);
  const post = await until(`"${title}" on the service`, () =>
    s.sandbox.inspect.posts(s.sandbox.fixtures.workspace).find((p) => p.title === title),
  );
  const variant = await until(`its ${platform} variant on the service`, () =>
    s.sandbox.inspect.variants(post.id).find((v) => v.content === content),
  );
  await waitForText(variantBadge(s.page), /^Draft$/);
  return { post, variant };
}

async function publishNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish now?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
}

describe('scheduling and publishing', () => {
  const chromium = useChromium();
  const connected = () => chromium.start({ manualClock: true, timezoneId: ZONE, connect: true });

  it('schedules in the user zone, the clock moves, and the item is Published with its link and a notification', async () => {
    const s = await connected();
    const { variant } = await draftSynced(s, 'Launch day', 'x', 'Doors open at nine.');

    const sendAt = new Date(s.sandbox.clock.now().getTime() + 2 * 3600_000);
    sendAt.setUTCSeconds(0, 0);
    const utc = sendAt.toISOString().replace('.000Z', 'Z');
    await fillScheduledTime(s.page, utcToZonedInput(utc, ZONE));
    // The UTC it will send is shown next to the field, before anything is sent.
    await waitForText(
      s.page.locator('#schedule-utc'),
      new RegExp(`Sends at ${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC`),
    );
    await s.page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await syncNow(s.page);
    await until(
      'the service has the time',
      () =>
        Date.parse(s.sandbox.inspect.variants().find((v) => v.id === variant.id)?.scheduled_at ?? '') ===
        Date.parse(utc),
    );
    await waitForText(variantBadge(s.page), /^Scheduled$/);
    await s.page.getByRole('button', { name: 'Unschedule' }).waitFor();

    await s.sandbox.clock.advance(3 * 3600_000);
    await syncNow(s.page);
    const note = await s.app.waitForEvent('notification', (n) => n.kind === 'published');
    const published = s.sandbox.inspect.variants().find((v) => v.id === variant.id)!;
    expect(published.platform_post_url).toBeTruthy();
    expect(note.url).toBe(published.platform_post_url);
    await waitForText(variantBadge(s.page), /^Published$/);
    const link = s.page.getByRole('link', { name: 'View post' });
    expect(await link.getAttribute('href')).toBe(published.platform_post_url);
    // The window shows the notification too, with its link.
    await s.page.getByRole('region', { name: 'Notifications' }).getByRole('link').waitFor();
    expect(s.sandbox.inspect.publishCount(variant.id)).toBe(1);
  });

  it('warns when the chosen time is already past', async () => {
    const s = await connected();
    await newPost(s.page, 'Too late');
    await addVariant(s.page, 'x', 'Yesterday’s news.');
    await fillScheduledTime(s.page, utcToZonedInput(new Date(s.now() - 86_400_000).toISOString(), ZONE));
    await waitForText(s.page.locator('#schedule-utc'), /This time is in the past\./);
  });

  it('publishes to a sign-off channel: waiting for sign-off from its channel (locked), then released, then Published', async () => {
    const s = await connected();
    const { variant } = await draftSynced(s, 'Needs a yes', 'bluesky', 'Waiting for the editor.');
    await publishNow(s.page);
    await syncNow(s.page);
    await until('the service holds it for approval', () =>
      s.sandbox.inspect.variants().find((v) => v.id === variant.id && v.status === 'needs_approval'),
    );
    await waitForText(variantBadge(s.page), /^Waiting for sign-off$/);
    expect(s.sandbox.inspect.publishCount(variant.id)).toBe(0);
    // Told as it is: who must approve (the channel the post's activity names), and no "due" time.
    await waitForText(
      s.page.getByRole('status').filter({ hasText: 'Waiting for sign-off from' }),
      /Waiting for sign-off from the approvers of Brand review since .+\.\s+It\s+goes\s+out\s+when\s+they\s+approve\s+it\./,
    );
    expect(await s.page.getByText(/It was due|Scheduled for/).count()).toBe(0);

    // Waiting for the approvers: content, account, time and Publish now are locked, and it says why.
    const lock = "This variant is waiting for the channel's approvers; it cannot change until they decide.";
    await s.page.getByText(lock).waitFor();
    const content = s.page.getByLabel('Content', { exact: true });
    expect(await content.isEditable()).toBe(false);
    expect(await description(content)).toContain(lock);
    expect(await s.page.getByLabel('Account', { exact: true }).isDisabled()).toBe(true);
    expect(await scheduledTimeField(s.page).isDisabled()).toBe(true);
    const publish = s.page.getByRole('button', { name: 'Publish now' });
    expect(await publish.getAttribute('aria-disabled')).toBe('true');
    expect(await description(publish)).toBe(lock);
    // Typing changes nothing, so nothing is sent for the service to refuse (it left the variant Failed).
    await content.focus();
    await s.page.keyboard.type(' More.');
    expect(await content.inputValue()).toBe('Waiting for the editor.');
    await syncNow(s.page);
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /Up to date/);
    await waitForText(variantBadge(s.page), /^Waiting for sign-off$/);

    s.sandbox.releaseApproval(variant.id);
    // Approval is re-read on a slowing interval of the core's clock (the sandbox's here).
    await s.sandbox.clock.advance(15 * 60_000);
    await syncNow(s.page);
    const note = await s.app.waitForEvent(
      'notification',
      (n) => n.kind === 'approval_released' || n.kind === 'published',
    );
    await waitForText(variantBadge(s.page), /^Published$/);
    const url = s.sandbox.inspect.variants().find((v) => v.id === variant.id)?.platform_post_url;
    expect(url).toBeTruthy();
    expect(await s.page.getByRole('link', { name: 'View post' }).getAttribute('href')).toBe(url);
    // It says it was published, not when it would send.
    await s.page.getByText('Published on Bluesky.').waitFor();
    expect(await s.page.getByText(/Sends at/).count()).toBe(0);
    expect(await s.page.getByRole('button', { name: 'Publish now' }).count()).toBe(0);
    expect(note.variantId).not.toBeNull();
    expect(s.sandbox.inspect.publishCount(variant.id)).toBe(1);
  });

  it('a connection dropped after the publish was applied: outcome unknown or read back, never published twice', async () => {
    const s = await connected();
    const { variant } = await draftSynced(s, 'Flaky network', 'x', 'Sent into the void?');
    s.sandbox.faults.add({
      method: 'POST',
      path: '/api/workspaces/:slug/posts/:post_id/variants/:variant_id/publish/',
      kind: 'drop_after_write',
      times: 1,
    });
    await publishNow(s.page);
    await syncNow(s.page);
    const words = await waitForText(variantBadge(s.page), /^(Publish outcome unknown|Published)$/);
    if (words === 'Publish outcome unknown') {
      // The facts and the user's choice are shown; nothing is resent by itself.
      await s.page.getByRole('heading', { name: 'Publish outcome unknown' }).waitFor();
      await s.page.getByRole('button', { name: 'Keep unpublished' }).waitFor();
    }
    // More syncs never send it again.
    await syncNow(s.page);
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /Up to date/);
    await syncNow(s.page);
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /Up to date/);
    expect(s.sandbox.inspect.publishCount(variant.id)).toBeLessThanOrEqual(1);
    expect(s.sandbox.faults.injected).toBe(1);
  });
});
