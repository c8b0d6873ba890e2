// Every timer of the core runs on the Scheduler it is given (here virtual time, so nothing fires
// until the test moves it), edits coalesce onto the same few timers, and closing cancels them all.
import { afterEach, expect, it } from 'vitest';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, type TestCore } from './helpers';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

it('sets its timers on the given scheduler, one of each however many edits, and cancels them on close', async () => {
  const time = new VirtualTime();
  t = await openCore({ clock: time, scheduler: time, syncIntervalMs: 60_000, syncAfterChangeMs: 3_000 });
  // The periodic sync.
  expect(time.pending()).toBe(1);
  const post = await t.call('posts.create', { workspace: null, title: 'Draft' });
  // The recount, the sync after the change and the checkpoint join it.
  expect(time.pending()).toBe(4);
  for (const title of ['Draft 2', 'Draft 3']) await t.call('posts.update', { id: post.id, title });
  expect(time.pending()).toBe(4);
  // The recount's quiet time is the shortest: it alone has fired.
  time.advance(1_000);
  expect(time.pending()).toBe(3);
  await t.core.close();
  expect(time.pending()).toBe(0);
});
