// The first connect moves to the first workspace and offers to move local
// drafts; a first pull fills the list in from the changed posts alone; switching workspace closes the other workspace's post; the status bar shows one state;
// an outbox row says why it waits.
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src-main/core/api/client';
import { utcToZonedInput } from '../../src-renderer/src/lib/schedule-time';
import {
  addVariant,
  call,
  connect,
  connectWindow,
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

  it('fills the list in as a first pull brings posts, reading the changed posts, not the whole list again', async () => {
    const s = await chromium.start();
    const { workspace } = s.sandbox.fixtures;
    const service = new ServiceClient({
      baseUrl: s.sandbox.baseUrl,
      token: s.sandbox.token,
      authHeader: 'bearer',
    });
    for (let i = 0; i < 120; i++) {
      const post = await service.createPost(workspace, { title: `Pulled post ${i}` });
      await service.createVariant(workspace, post.id, { platform: 'x', content: `Text ${i}` });
    }
    const asked: string[] = [];
    s.page.on('request', (request) => {
      const command = /\/bridge\/invoke\/(posts\.[a-z]+)/i.exec(request.url())?.[1];
      if (command !== undefined) asked.push(command);
    });
    await connectWindow(s);
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /^Up to date, read \d\d:\d\d/);
    const listed = (await call(s, 'posts.list', { workspace })).length;
    expect(listed).toBeGreaterThan(120);
    await waitForText(s.page.locator('.count'), new RegExp(`^${listed}\\s+posts`));
    // Each list opened (the local space, then the workspace) is read whole once: its first
    // screenful, then its one page. Every change the pull made since was read on its own.
    expect(asked.filter((c) => c === 'posts.refresh').length).toBeGreaterThan(0);
    expect(asked.filter((c) => c === 'posts.page').length).toBeLessThanOrEqual(
      asked.filter((c) => c === 'posts.list').length,
    );
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
    // A text and no title: a new post left with nothing in it would go on leaving it.
    await s.page.getByRole('button', { name: 'New post' }).click();
    await until('the new post made', () =>
      s.page.evaluate<boolean>(
        `document.getElementById('post-title') !== null && document.getElementById('new-post-note') === null`,
      ),
    );
    await addVariant(s.page, 'x', 'A text before its title.');
    await until('the untitled post in the outbox', async () => {
      const r = await s.app.core.invoke('outbox.list', undefined);
      return r.ok && (r.value as unknown[]).length > 1;
    });
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Outbox' }).click();
    await s.page
      .getByRole('cell', { name: /Waits for a title: give the post a title and it is sent\./ })
      .waitFor();
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /^2 waiting · /);
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
