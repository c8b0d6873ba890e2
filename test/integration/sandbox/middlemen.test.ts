// Two middlemen a client may meet, switched on over the control surface: a service that stores
// text HTML-escaped, and a caching proxy that answers a create with an earlier answer to the same
// request without passing it on. Over real HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { call, createPost, useSandbox, type Post, type Variant } from './helpers';

const sandbox = useSandbox({ control: true });

async function switches(body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${sandbox().baseUrl}/_control/switches/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Control-Key': sandbox().controlKey },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

afterEach(async () => {
  await switches({ escape_text: 'off', caching_proxy: 'off' });
});

const posts = () => `/api/workspaces/${sandbox().fixtures.workspace}/posts/`;

describe('middlemen (control surface switches)', () => {
  it('escape_text html: title and content are stored and answered HTML-escaped', async () => {
    expect((await switches({ escape_text: 'html' })).body).toMatchObject({ escape_text: 'html' });
    const post = await call<Post>(sandbox(), posts(), { body: { title: 'Fish & "chips"' } });
    expect(post.body.title).toBe('Fish &amp; &quot;chips&quot;');
    const variant = await call<Variant>(sandbox(), `${posts()}${post.body.id}/variants/`, {
      body: { platform: 'x', content: "<b>R&D</b> it's" },
    });
    expect(variant.body.content).toBe('&lt;b&gt;R&amp;D&lt;/b&gt; it&#39;s');
    expect(sandbox().inspect.variants(post.body.id)[0]?.content).toBe(variant.body.content);
  });

  it('caching_proxy on: an identical create gets the earlier answer and never reaches the service', async () => {
    const post = await createPost(sandbox(), 'Cached creates');
    await switches({ caching_proxy: 'on' });
    const path = `${posts()}${post.id}/variants/`;
    const first = await call<Variant>(sandbox(), path, { body: { platform: 'x', content: 'Same copy' } });
    const hitsBefore = sandbox().proxyCacheHits;
    const second = await call<Variant>(sandbox(), path, { body: { platform: 'x', content: 'Same copy' } });
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(sandbox().proxyCacheHits).toBe(hitsBefore + 1);
    expect(sandbox().inspect.variants(post.id)).toHaveLength(1);
    // Another body passes through.
    const other = await call<Variant>(sandbox(), path, { body: { platform: 'x', content: 'Other copy' } });
    expect(other.body.id).not.toBe(first.body.id);
    expect(sandbox().inspect.variants(post.id)).toHaveLength(2);
  });

  it('refuses unknown switch values with 400', async () => {
    expect((await switches({ escape_text: 'xml' })).status).toBe(400);
    expect((await switches({ caching_proxy: 'yes' })).status).toBe(400);
  });
});
