// Whether a typing pause has anything left to keep, read in one statement on a real SQLite file:
// a text that is already its newest version (a push claimed and kept it), one never written, and
// one gone keep nothing; a text that moved on since its newest version, or that has none yet,
// is kept. A title and a variant's text are told apart (a title's versions have no variant).
import { describe, expect, it } from 'vitest';
import { isKeptAlready } from '../../../../src-main/core/history/versions';
import { insertPost, updatePost } from '../../../../src-main/core/store/post-repository';
import { insertVariant, updateVariant } from '../../../../src-main/core/store/variant-repository';
import { useTempStore } from '../store/temp-store';

const store = useTempStore('outpost-kept-already-');
const NOW = '2030-01-01T09:00:00.000Z';
const TITLE = { postId: 'p', variantId: null };
const TEXT = { postId: 'p', variantId: 'v' };

async function addPost(title: string, content: string): Promise<void> {
  const common = {
    remote_state: 'active' as const,
    conflict: null,
    error: null,
    created_at: NOW,
    updated_at: NOW,
  };
  await insertPost(store.db, { id: 'p', server_id: null, workspace: null, title, base: null, ...common });
  await insertVariant(store.db, {
    id: 'v',
    post_id: 'p',
    server_id: null,
    platform: 'x',
    content,
    account_mode: 'none',
    social_profile_id: null,
    scheduled_at: null,
    status: null,
    platform_post_url: null,
    base: null,
    ...common,
  });
}

async function keep(variantId: string | null, number: number, text: string): Promise<void> {
  await store.db
    .insertInto('text_version')
    .values({ post_id: 'p', variant_id: variantId, number, at: NOW, origin: 'typed', text })
    .execute();
}

describe('a typing pause with nothing left to keep', () => {
  it('is one whose text is its newest version, and not one whose text moved on since', async () => {
    await addPost('Spring', 'Hello');
    await keep('v', 1, 'Hel');
    await keep('v', 2, 'Hello');
    await keep(null, 1, 'Spring');
    expect(await isKeptAlready(store.db, TEXT)).toBe(true);
    expect(await isKeptAlready(store.db, TITLE)).toBe(true);

    await updateVariant(store.db, 'v', { content: 'Hello world' });
    await updatePost(store.db, 'p', { title: 'Spring launch' });
    expect(await isKeptAlready(store.db, TEXT)).toBe(false);
    expect(await isKeptAlready(store.db, TITLE)).toBe(false);
    // Back to an older version's text: the newest is what counts, so it is kept again.
    await updateVariant(store.db, 'v', { content: 'Hel' });
    expect(await isKeptAlready(store.db, TEXT)).toBe(false);
  });

  it('tells a title from a variant’s text, and a text with no version yet by whether it was written', async () => {
    await addPost('', 'Hello');
    // The variant's versions say nothing of the title, and the reverse.
    await keep('v', 1, '');
    expect(await isKeptAlready(store.db, TITLE)).toBe(true);
    expect(await isKeptAlready(store.db, TEXT)).toBe(false);
    await updatePost(store.db, 'p', { title: 'Spring' });
    expect(await isKeptAlready(store.db, TITLE)).toBe(false);
  });

  it('is one whose post or variant is gone', async () => {
    expect(await isKeptAlready(store.db, TEXT)).toBe(true);
    expect(await isKeptAlready(store.db, TITLE)).toBe(true);
  });
});
