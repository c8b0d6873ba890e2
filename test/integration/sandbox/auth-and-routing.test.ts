import { describe, expect, it } from 'vitest';
import { call, useSandbox } from './helpers';

const sandbox = useSandbox();

describe('authentication', () => {
  it('accepts the token in X-API-Key', async () => {
    const response = await call(sandbox(), '/api/workspaces/');
    expect(response.status).toBe(200);
  });

  it('accepts the token as Authorization: Bearer', async () => {
    const response = await call(sandbox(), '/api/workspaces/', {
      token: null,
      headers: { Authorization: `Bearer ${sandbox().token}` },
    });
    expect(response.status).toBe(200);
  });

  it('the seeded tokens carry the cps_pat_ prefix', () => {
    expect(sandbox().token).toMatch(/^cps_pat_.+/);
    expect(sandbox().otherToken).toMatch(/^cps_pat_.+/);
    expect(sandbox().token).not.toBe(sandbox().otherToken);
  });

  it('a missing token gets 401 with a JSON error body', async () => {
    const response = await call<{ detail: string }>(sandbox(), '/api/workspaces/', { token: null });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body.detail).toMatch(/token/i);
  });

  it('a token without the <service>_pat_ prefix gets 401', async () => {
    const response = await call(sandbox(), '/api/workspaces/', { token: 'not-a-token' });
    expect(response.status).toBe(401);
    expect(response.body).toHaveProperty('detail');
  });

  it('an unknown token with the right prefix gets 401', async () => {
    const response = await call(sandbox(), '/api/workspaces/', { token: 'cps_pat_doesnotexist0000000000' });
    expect(response.status).toBe(401);
  });

  it('a revoked token gets 401, and a freshly minted one works', async () => {
    const minted = sandbox().mintToken();
    expect((await call(sandbox(), '/api/workspaces/', { token: minted })).status).toBe(200);
    sandbox().revokeToken(minted);
    const response = await call(sandbox(), '/api/workspaces/', { token: minted });
    expect(response.status).toBe(401);
    expect(response.body).toHaveProperty('detail');
  });

  it('an Authorization header with another scheme gets 401', async () => {
    const response = await call(sandbox(), '/api/workspaces/', {
      token: null,
      headers: { Authorization: `Basic ${sandbox().token}` },
    });
    expect(response.status).toBe(401);
  });

  it('workspace endpoints need a token too', async () => {
    const response = await call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/posts/`, {
      token: null,
    });
    expect(response.status).toBe(401);
  });
});

describe('routing', () => {
  it('an unknown route gets 404 with a JSON body', async () => {
    const response = await call<{ detail: string }>(sandbox(), '/api/nothing-here/');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(typeof response.body.detail).toBe('string');
  });

  it('paths carry a trailing slash: the path without it is not a route', async () => {
    const response = await call(sandbox(), '/api/workspaces');
    expect(response.status).toBe(404);
    expect(response.body).toHaveProperty('detail');
  });

  it('every endpoint answers only at its trailing-slash path: without the slash, a JSON 404 and no change', async () => {
    const f = sandbox().fixtures;
    const ws = `/api/workspaces/${f.workspace}`;
    const variant = `${ws}/posts/${f.posts.launch}/variants/${f.variants.launchX}`;
    const before = sandbox().inspect.posts(f.workspace).length;
    const cases: Array<[string, string, unknown]> = [
      ['GET', '/api/workspaces', undefined],
      ['GET', `${ws}/posts`, undefined],
      ['POST', `${ws}/posts`, { title: 'no slash' }],
      ['GET', `${ws}/posts/${f.posts.launch}`, undefined],
      ['GET', `${ws}/posts/${f.posts.launch}/variants`, undefined],
      ['POST', `${ws}/posts/${f.posts.launch}/variants`, { platform: 'x', content: 'no slash' }],
      ['PATCH', variant, { content: 'no slash' }],
      ['POST', `${variant}/publish`, undefined],
      ['GET', `${ws}/posts/${f.posts.launch}/activity`, undefined],
      ['GET', `${ws}/social-profiles`, undefined],
      ['GET', `${ws}/skills`, undefined],
    ];
    for (const [method, path, body] of cases) {
      const response = await call<{ detail: string }>(sandbox(), path, {
        method,
        ...(body !== undefined ? { body } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/json');
      expect(typeof response.body.detail, path).toBe('string');
      // The same path with its slash is a real route.
      const withSlash = await call(sandbox(), `${path}/`, { method: method === 'GET' ? 'GET' : 'OPTIONS' });
      expect(withSlash.status, `${path}/`).not.toBe(404);
    }
    expect(sandbox().inspect.posts(f.workspace)).toHaveLength(before);
    const launchX = sandbox()
      .inspect.variants(f.posts.launch)
      .find((v) => v.id === f.variants.launchX);
    expect(launchX?.content).not.toBe('no slash');
    expect(sandbox().inspect.publishCount(f.variants.launchX)).toBe(0);
  });

  it('an unknown route inside a workspace, or outside /api/, gets 404 with a JSON body, token or not', async () => {
    const f = sandbox().fixtures;
    for (const path of [
      `/api/workspaces/${f.workspace}/channels/`,
      `/api/workspaces/${f.workspace}/posts/${f.posts.launch}/comments/`,
      '/',
      '/api/',
    ]) {
      for (const token of [sandbox().token, null]) {
        const response = await call<{ detail: string }>(sandbox(), path, { token });
        expect(response.status, path).toBe(404);
        expect(response.headers.get('content-type'), path).toContain('application/json');
        expect(typeof response.body.detail, path).toBe('string');
      }
    }
  });

  it('there is no /v2/ prefix yet', async () => {
    const response = await call(sandbox(), '/v2/api/workspaces/');
    expect(response.status).toBe(404);
  });

  it('a known path with a method it does not offer gets 405 with Allow', async () => {
    const response = await call(sandbox(), '/api/workspaces/', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });

  it('a write without Content-Type: application/json gets 415', async () => {
    const response = await call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/posts/`, {
      rawBody: JSON.stringify({ title: 'no content type' }),
      contentType: 'text/plain',
    });
    expect(response.status).toBe(415);
    expect(response.body).toHaveProperty('detail');
    expect(
      sandbox()
        .inspect.posts()
        .some((p) => p.title === 'no content type'),
    ).toBe(false);
  });

  it('a PATCH without Content-Type gets 415', async () => {
    const f = sandbox().fixtures;
    const response = await call(
      sandbox(),
      `/api/workspaces/${f.workspace}/posts/${f.posts.launch}/variants/${f.variants.launchX}/`,
      {
        method: 'PATCH',
        rawBody: JSON.stringify({ content: 'x' }),
        contentType: null,
      },
    );
    expect(response.status).toBe(415);
  });

  it('a publish without Content-Type: application/json gets 415 and nothing is sent', async () => {
    const f = sandbox().fixtures;
    const post = await call<{ id: string }>(sandbox(), `/api/workspaces/${f.workspace}/posts/`, {
      body: { title: 'publish needs a content type' },
    });
    const variant = await call<{ id: string }>(
      sandbox(),
      `/api/workspaces/${f.workspace}/posts/${post.body.id}/variants/`,
      { body: { platform: 'x', content: 'hold on' } },
    );
    const path = `/api/workspaces/${f.workspace}/posts/${post.body.id}/variants/${variant.body.id}/publish/`;
    for (const contentType of [null, 'text/plain', 'application/x-www-form-urlencoded']) {
      const response = await call<{ detail: string }>(sandbox(), path, { method: 'POST', contentType });
      expect(response.status, String(contentType)).toBe(415);
      expect(response.body.detail).toMatch(/Content-Type/);
    }
    expect(sandbox().inspect.publishCount(variant.body.id)).toBe(0);
    expect(sandbox().inspect.variants(post.body.id)[0]?.status).toBe('draft');
  });

  it('Content-Type with a charset parameter is accepted', async () => {
    const response = await call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/posts/`, {
      body: { title: 'with charset' },
      contentType: 'application/json; charset=utf-8',
    });
    expect(response.status).toBe(201);
  });

  it('a body that is not JSON gets 400 naming the body', async () => {
    const response = await call<{ detail: string }>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/`,
      {
        rawBody: '{"title": ',
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/body/);
  });

  it('a JSON body that is not an object gets 400', async () => {
    const response = await call<{ detail: string }>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/`,
      {
        body: ['title'],
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/object/);
  });

  it('a body larger than 1 MiB gets 413 and creates nothing', async () => {
    const response = await call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/posts/`, {
      body: { title: 'huge', padding: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.status).toBe(413);
    expect(
      sandbox()
        .inspect.posts()
        .some((p) => p.title === 'huge'),
    ).toBe(false);
  });

  it('a post title of the wrong type gets 400 naming the field', async () => {
    const response = await call<{ detail: string }>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/`,
      {
        body: { title: 42 },
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^title:/);
  });

  it('a missing post title gets 400 naming the field', async () => {
    const response = await call<{ detail: string }>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/`,
      {
        body: {},
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/title/);
  });

  it('POST posts answers 201 with the created post including id', async () => {
    const response = await call<{ id: string; title: string }>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/`,
      { body: { title: 'Hello' } },
    );
    expect(response.status).toBe(201);
    expect(typeof response.body.id).toBe('string');
    expect(response.body.title).toBe('Hello');
    const read = await call<{ id: string; title: string }>(
      sandbox(),
      `/api/workspaces/${sandbox().fixtures.workspace}/posts/${response.body.id}/`,
    );
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: response.body.id, title: 'Hello' });
  });

  it('a post id that does not exist gets 404', async () => {
    const response = await call(sandbox(), `/api/workspaces/${sandbox().fixtures.workspace}/posts/999999/`);
    expect(response.status).toBe(404);
  });
});
