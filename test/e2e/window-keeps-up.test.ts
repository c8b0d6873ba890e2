// The first connect moves to the first workspace and offers to move local
// drafts; switching workspace closes the other workspace's post; the status bar shows one state;
// an outbox row says why it waits.
import { describe, expect, it } from 'vitest';
import { utcToZonedInput } from '../../src-renderer/src/lib/schedule-time';
import {
  addVariant,
  connect,
  gotoPosts,
  newPost,
  selectWorkspace,
  syncNow,
  until,
  useChromium,
  waitForText,
} from './harness';
import { fillScheduledTime } from './schedule-steps';

describe('a window that keeps up', () => {
  const chromium = useChromium();

  it('moves to the first workspace on first connect, offering to move local drafts there', async () => {
    const s = await chromium.start();
    await newPost(s.page, 'Drafted before connecting');
    await connect(s.page, s.sandbox.baseUrl, s.sandbox.token);
    const switcher = s.page.getByLabel('Workspace', { exact: true });
    await until(
      'the first workspace selected',
      async () => (await switcher.inputValue()) === s.sandbox.fixtures.workspace,
    );
    await s.page.getByText(/1 draft is still only on this computer/).waitFor();
    await gotoPosts(s.page);
    // A new post now goes to the workspace, not to the local space.
    await newPost(s.page, 'Made after connecting');
    await syncNow(s.page);
    await until('the new post on the service', () =>
      s.sandbox.inspect.posts(s.sandbox.fixtures.workspace).find((p) => p.title === 'Made after connecting'),
    );
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /^Up to date, read \d\d:\d\d/);
  });

  it('closes the open post when switching to another workspace', async () => {
    const s = await chromium.start({ connect: true });
    await newPost(s.page, 'Belongs to the first workspace');
    await addVariant(s.page, 'x', 'Hello.');
    await selectWorkspace(s.page, s.sandbox.fixtures.secondWorkspace);
    await s.page.getByText(/Choose a post on the left/).waitFor();
    expect(await s.page.getByLabel('Title', { exact: true }).count()).toBe(0);
  });

  it('takes the "needs you" notice away once its cause is gone', async () => {
    const s = await chromium.start({ connect: true, timezoneId: 'Europe/Berlin' });
    await newPost(s.page, 'No default on Threads');
    // Threads has an account in this workspace but no default: the service refuses the schedule.
    await addVariant(s.page, 'threads', 'Hello Threads.');
    await syncNow(s.page);
    await until('the variant on the service', () =>
      s.sandbox.inspect.variants().find((v) => v.content === 'Hello Threads.'),
    );
    const tomorrow = utcToZonedInput(new Date(s.now() + 86_400_000).toISOString(), 'Europe/Berlin');
    await fillScheduledTime(s.page, tomorrow);
    await s.page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await syncNow(s.page);
    await s.app.waitForEvent('notification', (n) => n.kind === 'needs_user');
    const notices = s.page.getByRole('region', { name: 'Notifications' });
    await notices.getByText('Outpost needs you').waitFor();
    await s.page.getByRole('button', { name: 'Discard change' }).click();
    await s.page
      .getByRole('dialog', { name: 'Discard the unsent time?' })
      .getByRole('button', { name: 'Discard time' })
      .click();
    await notices.getByText('Outpost needs you').waitFor({ state: 'detached' });
  });

  it('says in words why an outbox row waits, a post waiting for its title too', async () => {
    const s = await chromium.start({ connect: true });
    await s.page.getByRole('button', { name: 'New post' }).click();
    await until('the untitled post in the outbox', async () => {
      const r = await s.app.core.invoke('outbox.list', undefined);
      return r.ok && (r.value as unknown[]).length > 0;
    });
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Outbox' }).click();
    await s.page
      .getByRole('cell', { name: /Waits for a title: give the post a title and it is sent\./ })
      .waitFor();
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /^1 waiting · /);
  });

  it('notices the service coming back by itself, and sends what waited', async () => {
    // An hour's interval: only the engine's light check while offline can bring the sync back.
    const s = await chromium.start({ connect: true, syncIntervalMs: 60 * 60_000 });
    const status = s.page.getByRole('status', { name: 'Sync status' });
    // The service goes away: every request is cut before it is read.
    const away = s.sandbox.faults.add({ kind: 'drop_before_write', path: '/api/*' });
    await newPost(s.page, 'Written while the service was away');
    await syncNow(s.page);
    await waitForText(status, /^Offline · 1 change waiting to send/);
    // It comes back; nobody presses "Sync now": the light check sees it and the post goes out.
    s.sandbox.faults.remove(away);
    await until('the post on the service', () =>
      s.sandbox.inspect
        .posts(s.sandbox.fixtures.workspace)
        .find((p) => p.title === 'Written while the service was away'),
    );
    await waitForText(status, /^Up to date, read \d\d:\d\d/);
  });
});
