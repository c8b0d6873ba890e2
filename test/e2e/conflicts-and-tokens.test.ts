// A conflict (changed here and on the service) resolved both ways, and a revoked token leading
// to the token prompt with every draft intact.
import { describe, expect, it } from 'vitest';
import {
  addVariant,
  connect,
  gotoPosts,
  newPost,
  syncNow,
  until,
  useChromium,
  variantBadge,
  waitForText,
} from './harness';
import type { Setup } from './harness';

async function draftSynced(s: Setup, title: string, content: string) {
  await newPost(s.page, title);
  await addVariant(s.page, 'x', content);
  await syncNow(s.page);
  const post = await until(`"${title}" on the service`, () =>
    s.sandbox.inspect.posts(s.sandbox.fixtures.workspace).find((p) => p.title === title),
  );
  const variant = await until('its variant on the service', () =>
    s.sandbox.inspect.variants(post.id).find((v) => v.content === content),
  );
  await waitForText(variantBadge(s.page), /^Draft$/);
  return { post, variant };
}

/** The same account edits the variant elsewhere (another device, the web app), through the public API. */
async function editOnService(s: Setup, postId: string, variantId: string, content: string): Promise<void> {
  const url = `${s.sandbox.baseUrl}/api/workspaces/${s.sandbox.fixtures.workspace}/posts/${postId}/variants/${variantId}/`;
  const response = await fetch(url, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${s.sandbox.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  expect(response.status).toBe(200);
}

/** Edits here while sync is paused, edits there, then syncs: both changed since the base. */
async function makeConflict(s: Setup, mine: string, theirs: string) {
  const { post, variant } = await draftSynced(s, `Contested ${mine.length}`, 'The original words.');
  const paused = await s.app.core.invoke('sync.pause', undefined);
  expect(paused.ok).toBe(true);
  const content = s.page.getByLabel('Content', { exact: true });
  await content.fill(mine);
  await content.blur();
  await waitForText(s.page.locator('.state'), /Saved/);
  await editOnService(s, post.id, variant.id, theirs);
  await s.app.core.invoke('sync.resume', undefined);
  await syncNow(s.page);
  await waitForText(variantBadge(s.page), /^Conflict$/);
  const view = s.page.getByRole('region', { name: 'Conflict: changed here and on the service' });
  await view.getByText(mine).waitFor();
  await view.getByText(theirs).waitFor();
  return { post, variant, view };
}

describe('conflicts and tokens', () => {
  const chromium = useChromium();
  const connected = () => chromium.start({ connect: true });

  it('a conflict resolved by keeping mine sends mine', async () => {
    const s = await connected();
    const { variant, view } = await makeConflict(s, 'My careful rewrite.', 'Their quick fix.');
    // Nothing was silently overwritten on either side.
    expect(s.sandbox.inspect.variants().find((v) => v.id === variant.id)?.content).toBe('Their quick fix.');
    await view.getByRole('button', { name: 'Keep mine' }).click();
    await syncNow(s.page);
    await until(
      'mine on the service',
      () => s.sandbox.inspect.variants().find((v) => v.id === variant.id)?.content === 'My careful rewrite.',
    );
    await waitForText(variantBadge(s.page), /^Draft$/);
    expect(await s.page.getByLabel('Content', { exact: true }).inputValue()).toBe('My careful rewrite.');
  });

  it('a conflict resolved by taking theirs keeps theirs here and there', async () => {
    const s = await connected();
    const { variant, view } = await makeConflict(s, 'Mine, to be dropped.', 'Theirs, to be kept.');
    await view.getByRole('button', { name: 'Take theirs' }).click();
    await waitForText(variantBadge(s.page), /^(Draft|Pending sync)$/);
    await syncNow(s.page);
    await waitForText(variantBadge(s.page), /^Draft$/);
    expect(await s.page.getByLabel('Content', { exact: true }).inputValue()).toBe('Theirs, to be kept.');
    expect(s.sandbox.inspect.variants().find((v) => v.id === variant.id)?.content).toBe(
      'Theirs, to be kept.',
    );
  });

  it('a revoked token pauses sync, prompts for a new one and keeps every draft', async () => {
    const s = await connected();
    await draftSynced(s, 'Before the revoke', 'Synced while the token worked.');
    s.sandbox.revokeToken(s.sandbox.token);
    await newPost(s.page, 'After the revoke');
    await addVariant(s.page, 'x', 'Written while the token was refused.');
    await syncNow(s.page);

    const banner = s.page.getByRole('alert').filter({ hasText: 'refused the access token' });
    await banner.waitFor();
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /Needs a new access token/);
    const list = s.page.getByRole('list', { name: 'Post list' });
    await list.getByText('Before the revoke').waitFor();
    await list.getByText('After the revoke').waitFor();
    expect(await s.page.getByLabel('Content', { exact: true }).inputValue()).toBe(
      'Written while the token was refused.',
    );

    await banner.getByRole('button', { name: 'Enter a new token' }).click();
    await s.page.getByText('The service no longer accepts the access token.').waitFor();
    await connect(s.page, s.sandbox.baseUrl, s.sandbox.mintToken());
    await gotoPosts(s.page);
    await syncNow(s.page);
    const post = await until('the draft written meanwhile reaches the service', () =>
      s.sandbox.inspect.posts(s.sandbox.fixtures.workspace).find((p) => p.title === 'After the revoke'),
    );
    await until('with its variant', () =>
      s.sandbox.inspect.variants(post.id).some((v) => v.content === 'Written while the token was refused.'),
    );
    await waitForText(s.page.getByRole('status', { name: 'Sync status' }), /Up to date/);
  });
});
