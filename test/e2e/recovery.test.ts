// Recovering from what went wrong, through the window: a change the service refused, retried
// once its cause is gone; a publish whose connection dropped before the service applied it,
// decided by the user either way; and the activity of a post, paged with "Load more".
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeEntry, entryLine } from '@preload/words/service-records';
import { utcToZonedInput } from '../../src-renderer/src/lib/schedule-time';
import {
  addVariant,
  connectWindow,
  newPost,
  syncNow,
  until,
  useChromium,
  variantBadge,
  waitForText,
} from './harness';
import { fillScheduledTime, scheduledTimeValue } from './schedule-steps';
import type { Setup } from './harness';

const ZONE = 'Europe/Paris';
const PATCH_ROUTE = 'PATCH /api/workspaces/:slug/posts/:post_id/variants/:variant_id/';
const PUBLISH_PATH = '/api/workspaces/:slug/posts/:post_id/variants/:variant_id/publish/';
const PUBLISH_ROUTE = `POST ${PUBLISH_PATH}`;

/** Drafts a post with one variant and waits until the service has both. */
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
  // Let that sync end, so the next one is a fresh run (a sync asked for while one runs joins it).
  await syncToEnd(s);
  return { post, variant };
}

/** The service's API as another device of the same account uses it. */
async function api<T>(s: Setup, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${s.sandbox.baseUrl}/api/workspaces/${s.sandbox.fixtures.workspace}${path}`, {
    method,
    headers: {
      'X-API-Key': s.sandbox.token,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

interface ActivityEntry {
  id: string;
  action: string;
  variant_id: string | null;
  created_at: string;
}

/** Every activity entry of a post on the service, newest first (no `limit`: the bare array). */
function serviceActivity(s: Setup, postId: string): Promise<ActivityEntry[]> {
  return api<ActivityEntry[]>(s, 'GET', `/posts/${postId}/activity/`);
}

/**
 * Runs a full sync that starts after this call and waits for its end: the first call waits for
 * any sync already running (the core coalesces), the second is a fresh one.
 */
async function syncToEnd(s: Setup): Promise<void> {
  for (let i = 0; i < 2; i++) expect((await s.app.core.invoke('sync.now', undefined)).ok).toBe(true);
}

function requests(s: Setup, route: string): number {
  return s.sandbox.stats.byRoute()[route] ?? 0;
}

async function publishNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish now?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
}

/** The failure shown in the open variant's panel. */
function problem(page: Page): Locator {
  return page.getByRole('tabpanel').getByRole('alert').filter({ hasText: 'Failed:' });
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** What the activity list shows for an entry (the window's own wording, see describe.ts), read in the window's zone and locale. */
/** An entry as the window writes it, the platform of the variant it names included. */
function entryText(s: Setup, entry: unknown): string {
  const platformOf = (id: string) => s.sandbox.inspect.variants().find((v) => v.id === id)?.platform ?? null;
  return normalize(entryLine(describeEntry(entry, { timeZone: ZONE, locale: 'en-GB', platformOf })));
}

describe('recovery', () => {
  const chromium = useChromium();
  const started = () => chromium.start({ manualClock: true, timezoneId: ZONE });

  it('a schedule the service refused is Failed with its reason; once an account is chosen, Retry sends it once', async () => {
    const s = await started();
    await connectWindow(s);
    // Threads has an account in the workspace but no default one: the service creates the
    // variant without an account, and refuses to schedule it.
    const { post, variant } = await draftSynced(s, 'Thread opener', 'threads', 'A thread about our week.');
    expect(variant.social_profile_id).toBeNull();

    const sendAt = new Date(s.sandbox.clock.now().getTime() + 24 * 3600_000);
    sendAt.setUTCSeconds(0, 0);
    const utc = sendAt.toISOString();
    s.sandbox.stats.reset();
    await fillScheduledTime(s.page, utcToZonedInput(utc, ZONE));
    await s.page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await syncNow(s.page);

    await waitForText(variantBadge(s.page), /^Failed$/);
    // The service's own words, verbatim.
    expect(normalize((await problem(s.page).locator('.error').textContent()) ?? '')).toBe(
      'Failed: social_profile_id: cannot schedule a variant without a connected posting account',
    );
    const retry = problem(s.page).getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    expect(requests(s, PATCH_ROUTE)).toBe(1);
    const refused = s.sandbox.inspect.variants(post.id).find((v) => v.id === variant.id);
    expect(refused?.scheduled_at).toBeNull();
    expect(refused?.status).toBe('draft');

    // A refused change is not sent again by itself: it waits for the user.
    await syncToEnd(s);
    expect(requests(s, PATCH_ROUTE)).toBe(1);
    await waitForText(variantBadge(s.page), /^Failed$/);

    // The cause goes away: the user picks the Threads account, and that change reaches the service.
    await s.page.getByLabel('Account', { exact: true }).selectOption({ label: 'Acme Threads' });
    await syncNow(s.page);
    await until(
      'the account on the service',
      () =>
        s.sandbox.inspect.variants(post.id).find((v) => v.id === variant.id)?.social_profile_id ===
        s.sandbox.fixtures.profiles.threadsNoDefault,
    );
    expect(s.sandbox.inspect.variants(post.id).find((v) => v.id === variant.id)?.scheduled_at).toBeNull();
    // Retry starts a sync of its own: let this one end first, or the retry would join it.
    await syncToEnd(s);

    s.sandbox.stats.reset();
    await problem(s.page).getByRole('button', { name: 'Retry' }).click();
    await waitForText(variantBadge(s.page), /^Scheduled$/);
    await problem(s.page).waitFor({ state: 'detached' });
    const scheduled = s.sandbox.inspect.variants(post.id).find((v) => v.id === variant.id);
    expect(scheduled?.status).toBe('scheduled');
    expect(Date.parse(scheduled?.scheduled_at ?? '')).toBe(Date.parse(utc));
    expect(requests(s, PATCH_ROUTE)).toBe(1);

    // Further syncs send nothing more, and the service recorded the schedule exactly once.
    await syncToEnd(s);
    expect(requests(s, PATCH_ROUTE)).toBe(1);
    const schedules = (await serviceActivity(s, post.id)).filter(
      (e) => e.action === 'variant.scheduled' && e.variant_id === variant.id,
    );
    expect(schedules).toHaveLength(1);
    await waitForText(variantBadge(s.page), /^Scheduled$/);
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /Up to date/);
  });

  it('a schedule the service refused can be discarded: the variant is back to what the service holds', async () => {
    const s = await started();
    await connectWindow(s);
    const { post, variant } = await draftSynced(s, 'Thread never timed', 'threads', 'No account yet.');
    const sendAt = new Date(s.sandbox.clock.now().getTime() + 24 * 3600_000);
    sendAt.setUTCSeconds(0, 0);
    await fillScheduledTime(s.page, utcToZonedInput(sendAt.toISOString(), ZONE));
    await s.page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await syncNow(s.page);
    await waitForText(variantBadge(s.page), /^Failed$/);

    s.sandbox.stats.reset();
    await problem(s.page).getByRole('button', { name: 'Discard change' }).click();
    // Asked first, in words: the time set here goes, and the service holds none.
    const dialog = s.page.getByRole('dialog', { name: 'Discard the unsent time?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/The time: .+ goes; the service holds no time for it/);
    await dialog.getByRole('button', { name: 'Discard time' }).click();
    await problem(s.page).waitFor({ state: 'detached' });
    await waitForText(variantBadge(s.page), /^Draft/);
    expect(await scheduledTimeValue(s.page)).toBe('');
    // Nothing goes to the service: it never took the schedule.
    await syncToEnd(s);
    expect(requests(s, PATCH_ROUTE)).toBe(0);
    expect(s.sandbox.inspect.variants(post.id).find((v) => v.id === variant.id)?.scheduled_at).toBeNull();
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /Up to date/);
  });

  it('a publish the service refused shows why and offers no Retry; publishing again after the fix replaces it', async () => {
    const s = await started();
    await connectWindow(s);
    const { post, variant } = await draftSynced(s, 'Thread launch', 'threads', 'Out now.');
    s.sandbox.stats.reset();
    await publishNow(s.page);

    await waitForText(variantBadge(s.page), /^Failed$/);
    expect(normalize((await problem(s.page).locator('.error').textContent()) ?? '')).toBe(
      'Failed: social_profile_id: cannot publish a variant without a connected posting account',
    );
    expect(await problem(s.page).getByRole('button', { name: 'Retry' }).count()).toBe(0);
    // Publishing again stays the user's explicit act: Publish now, with its confirmation.
    await s.page.getByRole('button', { name: 'Publish now' }).waitFor();
    expect(requests(s, PUBLISH_ROUTE)).toBe(1);

    await syncToEnd(s);
    expect(requests(s, PUBLISH_ROUTE)).toBe(1);
    expect(s.sandbox.inspect.publishCount(variant.id)).toBe(0);
    expect(s.sandbox.inspect.variants(post.id).find((v) => v.id === variant.id)?.status).toBe('draft');
    await waitForText(variantBadge(s.page), /^Failed$/);

    // The cause goes away and the user publishes again: that publish replaces the refused one.
    await s.page.getByLabel('Account', { exact: true }).selectOption({ label: 'Acme Threads' });
    await syncNow(s.page);
    await until(
      'the account on the service',
      () =>
        s.sandbox.inspect.variants(post.id).find((v) => v.id === variant.id)?.social_profile_id ===
        s.sandbox.fixtures.profiles.threadsNoDefault,
    );
    await syncToEnd(s);
    await publishNow(s.page);
    await waitForText(variantBadge(s.page), /^Published$/);
    await problem(s.page).waitFor({ state: 'detached' });
    expect(s.sandbox.inspect.publishCount(variant.id)).toBe(1);
    await syncToEnd(s);
    expect(requests(s, PUBLISH_ROUTE)).toBe(2);
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /Up to date/);
  });

  it('publish outcome unknown (dropped before the service applied it): "Publish again" publishes exactly once', async () => {
    const s = await started();
    await connectWindow(s);
    const { post, variant } = await draftSynced(s, 'Dropped line', 'x', 'Did this go out?');
    s.sandbox.faults.add({ method: 'POST', path: PUBLISH_PATH, kind: 'drop_before_write', times: 1 });
    s.sandbox.stats.reset();
    await publishNow(s.page);

    const unknown = await expectOutcomeUnknown(s, variant.id);
    expect(s.sandbox.faults.injected).toBe(1);
    expect(s.sandbox.inspect.publishCount(variant.id)).toBe(0);
    expect(requests(s, PUBLISH_ROUTE)).toBe(1);

    // Nothing is sent again by itself, however often it syncs.
    await syncToEnd(s);
    expect(requests(s, PUBLISH_ROUTE)).toBe(1);
    await waitForText(variantBadge(s.page), /^Publish outcome unknown$/);

    await unknown.getByRole('button', { name: 'Publish again' }).click();
    await unknown.getByRole('button', { name: 'Yes, publish again' }).click();
    const note = await s.app.waitForEvent(
      'notification',
      (n) => n.kind === 'published' && (n.url ?? '').endsWith(`/posts/${variant.id}`),
    );
    await waitForText(variantBadge(s.page), /^Published$/);
    await unknown.waitFor({ state: 'detached' });
    const published = s.sandbox.inspect.variants(post.id).find((v) => v.id === variant.id);
    expect(published?.platform_post_url).toBeTruthy();
    expect(note.url).toBe(published?.platform_post_url);
    expect(await s.page.getByRole('link', { name: 'View post' }).getAttribute('href')).toBe(
      published?.platform_post_url,
    );
    expect(s.sandbox.inspect.publishCount(variant.id)).toBe(1);
    expect(requests(s, PUBLISH_ROUTE)).toBe(2);

    await syncToEnd(s);
    expect(requests(s, PUBLISH_ROUTE)).toBe(2);
    expect(s.sandbox.inspect.publishCount(variant.id)).toBe(1);
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /Up to date/);
  });

  it('publish outcome unknown (dropped before the service applied it): "Keep unpublished" sends nothing', async () => {
    const s = await started();
    await connectWindow(s);
    const { post, variant } = await draftSynced(s, 'Second thoughts', 'x', 'Maybe not today.');
    s.sandbox.faults.add({ method: 'POST', path: PUBLISH_PATH, kind: 'drop_before_write', times: 1 });
    s.sandbox.stats.reset();
    await publishNow(s.page);

    const unknown = await expectOutcomeUnknown(s, variant.id);
    expect(requests(s, PUBLISH_ROUTE)).toBe(1);

    await unknown.getByRole('button', { name: 'Keep unpublished' }).click();
    await unknown.waitFor({ state: 'detached' });
    await waitForText(variantBadge(s.page), /^Draft$/);
    // The choice is the user's to make again later: Publish now is offered.
    await s.page.getByRole('button', { name: 'Publish now' }).waitFor();

    await syncToEnd(s);
    expect(requests(s, PUBLISH_ROUTE)).toBe(1);
    expect(s.sandbox.inspect.publishCount(variant.id)).toBe(0);
    const kept = s.sandbox.inspect.variants(post.id).find((v) => v.id === variant.id);
    expect(kept?.status).toBe('draft');
    expect(kept?.platform_post_url).toBeNull();
    await waitForText(variantBadge(s.page), /^Draft$/);
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /Up to date/);
  });

  it('activity: "Load more" shows the next page, every entry once, in the service’s order', async () => {
    const s = await started();
    const { post } = await seedActivity(s, 'Activity trail', 25);
    await connectWindow(s);
    const activity = await openActivity(s, 'Activity trail');
    const all = (await serviceActivity(s, post.id)).map((e) => entryText(s, e));
    expect(all).toHaveLength(25);

    const items = activity.getByRole('listitem');
    await waitForText(activity.locator('p.small'), /^\s*20 of 25\s*$/);
    expect((await items.allTextContents()).map(normalize)).toEqual(all.slice(0, 20));

    await activity.getByRole('button', { name: 'Load more' }).click();
    await waitForText(activity.locator('p.small'), /^\s*25 of 25\s*$/);
    const shown = (await items.allTextContents()).map(normalize);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toEqual(all);
    // The last page is in: nothing more to load.
    expect(await activity.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });

  it('activity: new entries on the service between pages never show an entry twice', async () => {
    const s = await started();
    const { post, variantId } = await seedActivity(s, 'Busy thread', 25);
    await connectWindow(s);
    const activity = await openActivity(s, 'Busy thread');
    const before = (await serviceActivity(s, post.id)).map((e) => entryText(s, e));

    const items = activity.getByRole('listitem');
    await waitForText(activity.locator('p.small'), /^\s*20 of 25\s*$/);
    // Someone edits the variant elsewhere while the first page is on screen.
    await s.sandbox.clock.advance(60_000);
    await api(s, 'PATCH', `/posts/${post.id}/variants/${variantId}/`, { content: 'Edited meanwhile.' });
    expect((await serviceActivity(s, post.id)).length).toBe(26);

    await activity.getByRole('button', { name: 'Load more' }).click();
    await waitForText(
      activity.locator('p.small'),
      /^\s*25 of 26\s*· newer entries arrived meanwhile: refresh to see them\s*$/,
    );
    expect(await activity.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    const shown = (await items.allTextContents()).map(normalize);
    expect(new Set(shown).size).toBe(shown.length);
    // Every entry that was there when paging began, in order; the new one comes with a refresh.
    expect(shown).toEqual(before);

    await activity.getByRole('button', { name: 'Refresh activity' }).click();
    await waitForText(activity.locator('p.small'), /^\s*20 of 26\s*$/);
    expect(normalize((await items.first().textContent()) ?? '')).toBe(
      entryText(s, (await serviceActivity(s, post.id))[0]),
    );
  });
});

/** Waits for the unknown-outcome card and checks the facts it shows; returns the card. */
async function expectOutcomeUnknown(s: Setup, variantId: string): Promise<Locator> {
  await waitForText(variantBadge(s.page), /^Publish outcome unknown$/);
  const note = await s.app.waitForEvent(
    'notification',
    (n) => n.kind === 'needs_user' && n.body.includes('cannot tell whether'),
  );
  expect(note.variantId).not.toBeNull();
  const card = s.page.getByRole('region', { name: 'Publish outcome unknown' });
  await card.waitFor();
  const facts = normalize((await card.locator('dl').textContent()) ?? '');
  expect(facts).toMatch(/Publish requested .+ What happened .*connection to the service broke/);
  expect(facts).toContain(
    'What the service shows The service shows it as draft; it may not have been published.',
  );
  expect(s.sandbox.inspect.variants().find((v) => v.id === variantId)?.status).toBe('draft');
  return card;
}

/**
 * A post made on the service with `entries` activity entries (created, then edits a minute
 * apart, so each entry reads differently), before the window connects.
 */
async function seedActivity(s: Setup, title: string, entries: number) {
  const post = await api<{ id: string }>(s, 'POST', '/posts/', { title });
  const variant = await api<{ id: string }>(s, 'POST', `/posts/${post.id}/variants/`, {
    platform: 'x',
    content: 'Edit 0',
  });
  // post.created and variant.created make two.
  for (let i = 1; i <= entries - 2; i++) {
    await s.sandbox.clock.advance(60_000);
    await api(s, 'PATCH', `/posts/${post.id}/variants/${variant.id}/`, { content: `Edit ${i}` });
  }
  expect((await serviceActivity(s, post.id)).length).toBe(entries);
  return { post, variantId: variant.id };
}

async function openActivity(s: Setup, title: string): Promise<Locator> {
  await s.page.getByRole('list', { name: 'Post list' }).getByText(title).click();
  await s.page.getByLabel('Title', { exact: true }).waitFor();
  expect(await s.page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
  const activity = s.page.getByRole('region', { name: 'Activity' });
  await activity.getByRole('button', { name: 'Show activity' }).click();
  await activity.getByRole('button', { name: 'Refresh activity' }).waitFor();
  return activity;
}
