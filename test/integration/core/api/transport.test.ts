// The client against a deliberately misbehaving HTTP server on 127.0.0.1: every transport
// failure, status and body shape must map to the right error kind, and never leak the token.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../../src-main/core/api/client';
import { ServiceError } from '../../../../src-main/core/api/errors';

const TOKEN = 'cps_pat_s3cr3tT0kenValue';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let seen: Seen[] = [];
let connections = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  handler = (_req, res) => json(res, 200, []);
});

function json(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function client(extra: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {}): ServiceClient {
  return new ServiceClient({ baseUrl, token: TOKEN, authHeader: 'bearer', ...extra });
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    const e = error as ServiceError;
    // Whatever went wrong, the token is nowhere in what is thrown.
    expect(e.message).not.toContain('s3cr3t');
    expect(JSON.stringify(e)).not.toContain('s3cr3t');
    expect(String(e.stack)).not.toContain('s3cr3t');
    expect(e.serviceMessage ?? '').not.toContain('s3cr3t');
    return e;
  }
  throw new Error('expected the call to fail');
}

const variant = {
  id: 7,
  platform: 'x',
  content: 'hello',
  social_profile_id: 3,
  scheduled_at: null,
  status: 'draft',
  extra_field: { nested: true },
};

describe('requests', () => {
  it('sends the bearer header, Accept, and JSON content type on writes only', async () => {
    handler = (req, res) => {
      if (req.method === 'GET') json(res, 200, [{ slug: 'acme', name: 'Acme' }]);
      else json(res, 201, variant);
    };
    const c = client();
    expect(await c.listWorkspaces()).toEqual([
      { slug: 'acme', name: 'Acme', raw: { slug: 'acme', name: 'Acme' } },
    ]);
    await c.publishVariant('acme', '1', '7');
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]?.headers['x-api-key']).toBeUndefined();
    expect(seen[0]?.headers['content-type']).toBeUndefined();
    expect(seen[0]?.url).toBe('/api/workspaces/');
    expect(seen[1]?.method).toBe('POST');
    expect(seen[1]?.url).toBe('/api/workspaces/acme/posts/1/variants/7/publish/');
    expect(seen[1]?.headers['content-type']).toBe('application/json');
    expect(seen[1]?.body).toBe('');
  });

  it('sends X-API-Key instead when asked', async () => {
    await client({ authHeader: 'x-api-key' }).listWorkspaces();
    expect(seen[0]?.headers['x-api-key']).toBe(TOKEN);
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('keeps an omitted social_profile_id apart from an explicit null', async () => {
    handler = (_req, res) => json(res, 201, variant);
    const c = client();
    await c.createVariant('acme', '1', { platform: 'x', content: 'a' });
    await c.createVariant('acme', '1', { platform: 'x', content: 'b', social_profile_id: null });
    await c.createVariant('acme', '1', { platform: 'x', content: 'c', social_profile_id: '42' });
    await c.updateVariant('acme', '1', '7', { scheduled_at: null });
    await c.updateVariant('acme', '1', '7', { content: 'd' });
    expect(seen.map((s) => JSON.parse(s.body) as unknown)).toEqual([
      { platform: 'x', content: 'a' },
      { platform: 'x', content: 'b', social_profile_id: null },
      { platform: 'x', content: 'c', social_profile_id: '42' },
      { scheduled_at: null },
      { content: 'd' },
    ]);
    expect(seen.every((s) => s.headers['content-type'] === 'application/json')).toBe(true);
    expect(seen[3]?.method).toBe('PATCH');
  });

  it('encodes path segments', async () => {
    handler = (_req, res) => json(res, 200, { id: 'a/b', title: 't' });
    await client().getPost('my space', 'a/b');
    expect(seen[0]?.url).toBe('/api/workspaces/my%20space/posts/a%2Fb/');
  });

  it('normalizes ids to strings and keeps unknown fields in raw', async () => {
    handler = (_req, res) => json(res, 200, variant);
    const v = await client().publishVariant('acme', '1', '7');
    expect(v).toMatchObject({ id: '7', social_profile_id: '3', status: 'draft', platform_post_url: null });
    expect(v.raw).toEqual(variant);
  });

  it('reads a variant’s published time only when the service sends it as text', async () => {
    const at = '2030-03-04T08:00:00Z';
    handler = (_req, res) => json(res, 200, { ...variant, published_at: at });
    expect((await client().publishVariant('acme', '1', '7')).published_at).toBe(at);
    handler = (_req, res) => json(res, 200, { ...variant, published_at: 1_900_000_000 });
    expect((await client().publishVariant('acme', '1', '7')).published_at).toBeNull();
    handler = (_req, res) => json(res, 200, variant);
    expect((await client().publishVariant('acme', '1', '7')).published_at).toBeNull();
  });

  it('reuses one keep-alive connection across requests, failed ones included', async () => {
    const before = connections;
    let n = 0;
    handler = (_req, res) => {
      n += 1;
      if (n % 3 === 0) json(res, 400, { detail: 'no' });
      else json(res, 200, [{ slug: 'acme' }]);
    };
    const c = client();
    for (let i = 0; i < 9; i++) await c.listWorkspaces().catch(() => undefined);
    // At most one new socket (an idle one from earlier tests may be reused): bodies are always drained.
    expect(connections - before).toBeLessThanOrEqual(1);
    expect(seen).toHaveLength(9);
  });
});

describe('transport failures', () => {
  it('connection refused: offline, certainly never reached the service', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const e = await failure(
      new ServiceClient({
        baseUrl: `http://127.0.0.1:${port}`,
        token: TOKEN,
        authHeader: 'bearer',
      }).createPost('acme', { title: 't' }),
    );
    expect(e.kind).toBe('offline');
    expect(e.mayHaveReachedService).toBe(false);
    expect(e.code).toBe('ECONNREFUSED');
  });

  it('a port fetch will not connect to (6000, X11): offline, never sent, and the message says why', async () => {
    const e = await failure(
      new ServiceClient({ baseUrl: 'http://127.0.0.1:6000', token: TOKEN, authHeader: 'bearer' }).createPost(
        'acme',
        { title: 't' },
      ),
    );
    expect(e.kind).toBe('offline');
    expect(e.mayHaveReachedService).toBe(false);
    expect(e.message).toMatch(/port is reserved for another protocol/);
  });

  it('unknown host: offline, never reached the service', async () => {
    const e = await failure(
      new ServiceClient({
        baseUrl: 'https://outpost-test.invalid',
        token: TOKEN,
        authHeader: 'bearer',
      }).listWorkspaces(),
    );
    expect(e.kind).toBe('offline');
    expect(e.mayHaveReachedService).toBe(false);
  });

  it('connection dropped after the request was sent: offline with unknown outcome', async () => {
    handler = (req) => req.socket.destroy();
    const e = await failure(client().createPost('acme', { title: 't' }));
    expect(e.kind).toBe('offline');
    expect(e.mayHaveReachedService).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('connection dropped in the middle of the body: offline with unknown outcome', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"id": 1, "ti');
      setImmediate(() => req.socket.destroy());
    };
    const e = await failure(client().createPost('acme', { title: 't' }));
    expect(e.kind).toBe('offline');
    expect(e.mayHaveReachedService).toBe(true);
  });

  it('no answer in time: timeout with unknown outcome', async () => {
    handler = () => undefined; // never answers
    const e = await failure(client({ timeoutMs: 300 }).publishVariant('acme', '1', '7'));
    expect(e.kind).toBe('timeout');
    expect(e.mayHaveReachedService).toBe(true);
  });
});

describe('statuses', () => {
  it('401 and 403 are auth errors, even when the body echoes the token', async () => {
    handler = (_req, res) => json(res, 401, { detail: `Invalid token ${TOKEN}` });
    const e401 = await failure(client().listWorkspaces());
    expect(e401.kind).toBe('auth');
    expect(e401.status).toBe(401);
    expect(e401.serviceMessage).toBe('Invalid token [redacted]');
    handler = (_req, res) => json(res, 403, { message: 'Not a member' });
    const e403 = await failure(client().listWorkspaces());
    expect(e403.kind).toBe('auth');
    expect(e403.serviceMessage).toBe('Not a member');
  });

  it('404 is not_found', async () => {
    handler = (_req, res) => json(res, 404, { detail: 'Not found.' });
    const e = await failure(client().getPost('acme', '9'));
    expect(e.kind).toBe('not_found');
    expect(e.status).toBe(404);
  });

  it('429 with Retry-After seconds, 503 with an HTTP date', async () => {
    handler = (_req, res) => json(res, 429, { detail: 'slow down' }, { 'retry-after': '7' });
    const e429 = await failure(client().listWorkspaces());
    expect(e429.kind).toBe('rate_limited');
    expect(e429.retryAfterMs).toBe(7000);

    const now = new Date('2026-03-01T12:00:00.000Z');
    handler = (_req, res) =>
      json(res, 503, { detail: 'maintenance' }, { 'retry-after': 'Sun, 01 Mar 2026 12:01:00 GMT' });
    const e503 = await failure(client({ now: () => now }).listWorkspaces());
    expect(e503.kind).toBe('rate_limited');
    expect(e503.retryAfterMs).toBe(60_000);

    handler = (_req, res) => json(res, 503, { detail: 'down' });
    expect((await failure(client().listWorkspaces())).retryAfterMs).toBeNull();
  });

  it.each([
    [{ detail: 'Variant has no connected posting account.' }, 'Variant has no connected posting account.'],
    [
      { error: { code: 'invalid', message: 'Scheduled time must be in the future.' } },
      'Scheduled time must be in the future.',
    ],
    [{ content: ['This field may not be blank.'] }, 'content: This field may not be blank.'],
    ['plain words', 'plain words'],
  ])('other 4xx are validation errors with the service message verbatim: %j', async (body, message) => {
    handler = (_req, res) => {
      if (typeof body === 'string') {
        res.writeHead(422, { 'content-type': 'text/plain' });
        res.end(`  ${body}\n`);
      } else json(res, 400, body);
    };
    const e = await failure(
      client().updateVariant('acme', '1', '7', { scheduled_at: '2020-01-01T00:00:00Z' }),
    );
    expect(e.kind).toBe('validation');
    expect(e.serviceMessage).toBe(message);
    expect(e.message).toBe(message);
  });

  it('a 4xx with an empty body falls back to the status line', async () => {
    handler = (_req, res) => {
      res.writeHead(409);
      res.end();
    };
    const e = await failure(client().createPost('acme', { title: 't' }));
    expect(e.kind).toBe('validation');
    expect(e.serviceMessage).toBeNull();
    expect(e.message).toContain('409 Conflict');
  });

  it('408 from the service is a timeout of unknown outcome', async () => {
    handler = (_req, res) => json(res, 408, { detail: 'Request timeout' });
    const e = await failure(client().createPost('acme', { title: 't' }));
    expect(e.kind).toBe('timeout');
    expect(e.mayHaveReachedService).toBe(true);
  });

  it('5xx is server_error', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    };
    const e = await failure(client().listWorkspaces());
    expect(e.kind).toBe('server_error');
    expect(e.status).toBe(502);
  });

  it('a redirect is not followed (it could carry the token elsewhere)', async () => {
    handler = (_req, res) => {
      res.writeHead(302, { location: 'https://elsewhere.example.com/api/workspaces/' });
      res.end();
    };
    const e = await failure(client().listWorkspaces());
    expect(e.kind).toBe('invalid_settings');
    expect(seen).toHaveLength(1);
  });
});

describe('malformed responses', () => {
  it.each([
    ['not JSON', 'text/html', '<html>hi</html>'],
    ['empty', 'application/json', ''],
    ['missing id', 'application/json', JSON.stringify({ title: 'x' })],
    ['id of the wrong type', 'application/json', JSON.stringify({ id: true, title: 'x' })],
    ['title of the wrong type', 'application/json', JSON.stringify({ id: 1, title: 5 })],
    ['an array instead of an object', 'application/json', '[]'],
  ])('%s', async (_name, type, text) => {
    handler = (_req, res) => {
      res.writeHead(201, { 'content-type': type });
      res.end(text);
    };
    const e = await failure(client().createPost('acme', { title: 'x' }));
    expect(e.kind).toBe('malformed_response');
    expect(e.mayHaveReachedService).toBe(true);
  });

  it('a list whose item lacks fields', async () => {
    handler = (_req, res) => json(res, 200, [{ id: 1, platform: 'x' }]);
    expect((await failure(client().listProfiles('acme'))).kind).toBe('malformed_response');
  });

  it('a body over the cap, declared or streamed, is not read', async () => {
    const big = JSON.stringify([{ slug: 'a'.repeat(5000) }]);
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) });
      res.end(big);
    };
    expect((await failure(client({ maxBodyBytes: 1000 }).listWorkspaces())).kind).toBe('malformed_response');
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked, no length
      res.write(big.slice(0, 3000));
      res.end(big.slice(3000));
    };
    expect((await failure(client({ maxBodyBytes: 1000 }).listWorkspaces())).kind).toBe('malformed_response');
    // The client stays usable afterwards.
    handler = (_req, res) => json(res, 200, [{ slug: 'acme' }]);
    expect(await client({ maxBodyBytes: 1000 }).listWorkspaces()).toHaveLength(1);
  });
});

describe('pagination against a spec-following fake', () => {
  function rows(n: number): Array<{ id: number; title: string }> {
    return Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `post ${i + 1}` }));
  }

  it('posts: pages the counted envelope with limit=100 while offset + limit < count', async () => {
    const all = rows(250);
    handler = (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit'))));
      const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0));
      json(res, 200, { results: all.slice(offset, offset + limit), count: all.length, limit, offset });
    };
    const posts = await client().listPosts('acme');
    expect(posts.map((p) => p.id)).toEqual(all.map((r) => String(r.id)));
    expect(seen.map((s) => s.url)).toEqual([
      '/api/workspaces/acme/posts/?limit=100&offset=0',
      '/api/workspaces/acme/posts/?limit=100&offset=100',
      '/api/workspaces/acme/posts/?limit=100&offset=200',
    ]);
  });

  it('posts: exactly 100 rows take one request', async () => {
    handler = (_req, res) => json(res, 200, { results: rows(100), count: 100, limit: 100, offset: 0 });
    expect(await client().listPosts('acme')).toHaveLength(100);
    expect(seen).toHaveLength(1);
  });

  it('posts: a service that clamps limit lower is followed by its own limit', async () => {
    const all = rows(45);
    handler = (req, res) => {
      const offset = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('offset'));
      json(res, 200, { results: all.slice(offset, offset + 20), count: 45, limit: 20, offset });
    };
    expect(await client().listPosts('acme')).toHaveLength(45);
    expect(seen).toHaveLength(3);
  });

  it('posts: a bare array (limit ignored) is taken as the whole list', async () => {
    handler = (_req, res) => json(res, 200, rows(130));
    expect(await client().listPosts('acme')).toHaveLength(130);
    expect(seen).toHaveLength(1);
  });

  it('activity: one page of the envelope, entries as sent', async () => {
    handler = (_req, res) =>
      json(res, 200, {
        results: [{ verb: 'created' }, { verb: 'published' }],
        count: 12,
        limit: 2,
        offset: 4,
      });
    expect(await client().listActivity('acme', '1', { limit: 2, offset: 4 })).toEqual({
      results: [{ verb: 'created' }, { verb: 'published' }],
      count: 12,
      limit: 2,
      offset: 4,
    });
    expect(seen[0]?.url).toBe('/api/workspaces/acme/posts/1/activity/?limit=2&offset=4');
  });

  it('activity: a service that ignores limit and sends a bare array is served the requested window', async () => {
    handler = (_req, res) => json(res, 200, rows(7));
    const page = await client().listActivity('acme', '1', { limit: 3, offset: 3 });
    expect(page).toEqual({ results: rows(7).slice(3, 6), count: 7, limit: 3, offset: 3 });
  });

  it('posts: rows that shift between pages are not reported twice', async () => {
    const all = rows(150);
    handler = (req, res) => {
      const offset = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('offset'));
      // A post was added at the top between the two requests: the second page repeats one row.
      const start = offset === 0 ? 0 : offset - 1;
      json(res, 200, { results: all.slice(start, start + 100), count: 151, limit: 100, offset });
    };
    const posts = await client().listPosts('acme');
    expect(posts.map((p) => p.id)).toEqual(all.map((r) => String(r.id)));
  });

  it('skills: limit=200 until a short page; never more than 200', async () => {
    handler = (_req, res) => json(res, 200, rows(150));
    expect(await client().listSkills('acme')).toHaveLength(150);
    expect(seen.map((s) => s.url)).toEqual(['/api/workspaces/acme/skills/?limit=200&offset=0']);

    seen = [];
    // A service that ignores the bound and keeps sending full pages is still cut at 200.
    handler = (_req, res) => json(res, 200, rows(200));
    expect(await client().listSkills('acme')).toHaveLength(200);
    expect(seen).toHaveLength(1);
  });

  it('skills: follows offsets when the service returns smaller full pages', async () => {
    const all = rows(200);
    handler = (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const offset = Number(url.searchParams.get('offset'));
      json(res, 200, all.slice(offset, offset + 80)); // clamps to 80, so 80 < 200 reads as short
    };
    // A page shorter than the requested limit ends the listing (spec section 8).
    expect(await client().listSkills('acme')).toHaveLength(80);
  });
});
