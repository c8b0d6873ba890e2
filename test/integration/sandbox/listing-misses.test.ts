// A listing that misses posts still there by id: what a listing whose rows shifted between its
// pages looks like to a client (the spec promises no stable order). Over real HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { call, createPost, useSandbox, type Envelope, type Post } from './helpers';

const sandbox = useSandbox({ control: true });
const postsPath = (query = ''): string => `/api/workspaces/${sandbox().fixtures.workspace}/posts/${query}`;
const ids = (posts: readonly Post[]): string[] => posts.map((p) => String(p.id));

afterEach(() => sandbox().setListingMisses([]));

describe('a listing that misses posts', () => {
  it('leaves them out of both listings, keeps the count, and still answers them by id', async () => {
    const missed = await createPost(sandbox(), 'Missed by the listing');
    const kept = await createPost(sandbox(), 'Listed as usual');
    const countBefore = (await call<Envelope<Post>>(sandbox(), postsPath('?limit=100'))).body.count;
    sandbox().setListingMisses([String(missed.id)]);

    const bare = await call<Post[]>(sandbox(), postsPath());
    expect(ids(bare.body)).not.toContain(String(missed.id));
    expect(ids(bare.body)).toContain(String(kept.id));
    const paged = await call<Envelope<Post>>(sandbox(), postsPath('?limit=100'));
    expect(ids(paged.body.results)).not.toContain(String(missed.id));
    expect(paged.body.count).toBe(countBefore);
    const byId = await call<Post>(sandbox(), postsPath(`${missed.id}/`));
    expect(byId.status).toBe(200);
    expect(byId.body.title).toBe('Missed by the listing');
  });

  it('over the control surface: POST /_control/listing/misses/ {post_ids}; [] lists them all again', async () => {
    const missed = await createPost(sandbox(), 'Missed over the control surface');
    const controlKey = { 'X-Control-Key': sandbox().controlKey };
    const set = await call(sandbox(), '/_control/listing/misses/', {
      body: { post_ids: [missed.id] },
      headers: controlKey,
      token: null,
    });
    expect(set).toMatchObject({ status: 200, body: { post_ids: [String(missed.id)] } });
    expect(ids((await call<Post[]>(sandbox(), postsPath())).body)).not.toContain(String(missed.id));
    const refused = await call(sandbox(), '/_control/listing/misses/', {
      body: { post_ids: 'all' },
      headers: controlKey,
      token: null,
    });
    expect(refused.status).toBe(400);
    await call(sandbox(), '/_control/listing/misses/', {
      body: { post_ids: [] },
      headers: controlKey,
      token: null,
    });
    expect(ids((await call<Post[]>(sandbox(), postsPath())).body)).toContain(String(missed.id));
  });
});
