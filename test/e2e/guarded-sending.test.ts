// Sending asks when it should. A past time asks "send now instead?"; text
// over the limit and a platform without an active account are explained and disabled in the
// window (and refused by the core, see test/integration/core/send-guards.test.ts); the account
// the service chose for "platform default" shows by name; Schedule is the primary action.
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
import { fillScheduledTime } from './schedule-steps';
import type { Setup } from './harness';

const ZONE = 'Europe/Paris';

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

describe('guarded sending', () => {
  const chromium = useChromium();
  const connected = () => chromium.start({ timezoneId: ZONE, connect: true });

  it('a past time asks "send now instead?", and sending now publishes once', async () => {
    const s = await connected();
    const { variant } = await draftSynced(s, 'Late news', 'x', 'This happened an hour ago.');
    // The service chose its default X account: the picker names it.
    await until('the default account named', async () =>
      (await s.page.getByLabel('Account', { exact: true }).locator('option').allTextContents()).includes(
        'Platform default: Acme',
      ),
    );
    const schedule = s.page.getByRole('button', { name: 'Schedule', exact: true });
    expect(await schedule.getAttribute('class')).toMatch(/\bprimary\b/);

    await fillScheduledTime(s.page, utcToZonedInput(new Date(s.now() - 3600_000).toISOString(), ZONE));
    await schedule.click();
    const question = s.page.getByRole('group', { name: /already passed.*Send now instead\?/ });
    await question.waitFor();
    // Nothing was queued by asking.
    expect(
      (await s.app.core.invoke('outbox.list', undefined)).ok && s.sandbox.inspect.publishCount(variant.id),
    ).toBe(0);

    // It opens on "Pick another time": a second Enter meant for Schedule publishes nothing, and
    // the caret goes to the time's first piece, where a time typed again starts.
    await until('the question focused on its safe answer', async () =>
      s.page.evaluate(`document.activeElement?.textContent === 'Pick another time'`),
    );
    await s.page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect(
      await s.page.evaluate(
        `document.activeElement === document.querySelector('#schedule-time [role="spinbutton"]')`,
      ),
    ).toBe(true);
    expect(s.sandbox.inspect.publishCount(variant.id)).toBe(0);
    await schedule.click();
    await question.getByRole('button', { name: 'Send now instead' }).click();
    await syncNow(s.page);
    await until('published on the service', () => s.sandbox.inspect.publishCount(variant.id) === 1);
    await waitForText(variantBadge(s.page), /^Published$/);
    expect(s.sandbox.inspect.publishCount(variant.id)).toBe(1);
  });

  it('text over the limit disables Schedule and Publish now, saying what to do', async () => {
    const s = await connected();
    await draftSynced(s, 'Too long', 'x', 'a'.repeat(281));
    const schedule = s.page.getByRole('button', { name: 'Schedule', exact: true });
    const publish = s.page.getByRole('button', { name: 'Publish now' });
    await waitForText(s.page.locator('#variant-send-note'), /1 over the X limit.*Shorten it/);
    expect(await publish.getAttribute('aria-disabled')).toBe('true');
    expect(await description(publish)).toMatch(/1 over the X limit/);
    await fillScheduledTime(s.page, utcToZonedInput(new Date(s.now() + 86_400_000).toISOString(), ZONE));
    expect(await schedule.getAttribute('aria-disabled')).toBe('true');
    // Shortened to the limit: both come back.
    await s.page.getByLabel('Content', { exact: true }).fill('a'.repeat(280));
    await s.page.locator('#variant-send-note').waitFor({ state: 'detached' });
    expect(await publish.getAttribute('aria-disabled')).toBeNull();
  });

  it('a platform with no active account in the workspace is explained, and the core refuses it too', async () => {
    const s = await connected();
    await newPost(s.page, 'Toot');
    await addVariant(s.page, 'mastodon', 'Hello fediverse.');
    await waitForText(
      s.page.locator('#variant-send-note'),
      /no active Mastodon account.*Connect a Mastodon account/,
    );
    const publish = s.page.getByRole('button', { name: 'Publish now' });
    expect(await publish.getAttribute('aria-disabled')).toBe('true');
    expect(await description(publish)).toMatch(/no active Mastodon account/);
    const post = (await s.app.core.invoke('posts.list', { workspace: s.sandbox.fixtures.workspace })) as {
      ok: true;
      value: Array<{ id: string; title: string }>;
    };
    const detail = await s.app.core.invoke('posts.get', {
      id: post.value.find((p) => p.title === 'Toot')!.id,
    });
    const id = detail.ok ? detail.value.variants[0]!.id : '';
    const refused = await s.app.core.invoke('variants.publish', { id });
    expect(!refused.ok && refused.error.message).toMatch(/no active Mastodon account/);
  });
});
