import { beforeAll, describe, expect, it } from 'vitest';
import { call, createPost, useSandbox, type Envelope, type Post } from './helpers';

const sandbox = useSandbox();
const postsPath = (query = ''): string => `/api/workspaces/${sandbox().fixtures.workspace}/posts/${query}`;
let activityPath: (query?: string) => string;
let activityTotal = 0;

beforeAll(async () => {
  // 150 posts so that clamps at 100 are visible; one of them with a long activity log.
  for (let i = 0; i < 150; i++) await createPost(sandbox(), `Paged post ${i}`);
  const post = await createPost(sandbox(), 'Busy post');
  const variant = await call<{ id: string }>(sandbox(), `${postsPath()}${post.id}/variants/`, {
    body: { platform: 'x', content: 'v0' },
  });
  for (let i = 1; i <= 120; i++) {
    await call(sandbox(), `${postsPath()}${post.id}/variants/${variant.body.id}/`, {
      method: 'PATCH',
      body: { content: `v${i}` },
    });
  }
  activityTotal = 1 + 1 + 120; // post.created, variant.created, 120 updates
  activityPath = (query = '') => `${postsPath()}${post.id}/activity/${query}`;
});

describe('posts list', () => {
  it('posts: without limit the answer is a bare array of every visible post', async () => {
    const response = await call<Post[]>(sandbox(), postsPath());
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body).toHaveLength(sandbox().fixtures.postsVisibleToCaller + 151);
  });

  it('posts: with limit the answer is the counted envelope {results, count, limit, offset}', async () => {
    const response = await call<Envelope<Post>>(sandbox(), postsPath('?limit=10'));
    expect(Object.keys(response.body).sort()).toEqual(['count', 'limit', 'offset', 'results']);
    expect(response.body.results).toHaveLength(10);
    expect(response.body.count).toBe(sandbox().fixtures.postsVisibleToCaller + 151);
    expect(response.body.limit).toBe(10);
    expect(response.body.offset).toBe(0);
  });

  it('posts: limit is clamped to 100', async () => {
    const response = await call<Envelope<Post>>(sandbox(), postsPath('?limit=1000'));
    expect(response.status).toBe(200);
    expect(response.body.limit).toBe(100);
    expect(response.body.results).toHaveLength(100);
  });

  it('posts: limit 0 is clamped to 1', async () => {
    const response = await call<Envelope<Post>>(sandbox(), postsPath('?limit=0'));
    expect(response.body.limit).toBe(1);
    expect(response.body.results).toHaveLength(1);
  });

  it('posts: a negative limit is clamped to 1', async () => {
    const response = await call<Envelope<Post>>(sandbox(), postsPath('?limit=-7'));
    expect(response.body.limit).toBe(1);
    expect(response.body.results).toHaveLength(1);
  });

  it('posts: offset defaults to 0', async () => {
    const withDefault = await call<Envelope<Post>>(sandbox(), postsPath('?limit=5'));
    const explicit = await call<Envelope<Post>>(sandbox(), postsPath('?limit=5&offset=0'));
    expect(withDefault.body.offset).toBe(0);
    expect(withDefault.body.results).toEqual(explicit.body.results);
  });

  it('posts: a negative offset is treated as 0', async () => {
    const negative = await call<Envelope<Post>>(sandbox(), postsPath('?limit=5&offset=-20'));
    const zero = await call<Envelope<Post>>(sandbox(), postsPath('?limit=5&offset=0'));
    expect(negative.status).toBe(200);
    expect(negative.body.offset).toBe(0);
    expect(negative.body.results).toEqual(zero.body.results);
  });

  it('posts: offset moves the window', async () => {
    const all = await call<Post[]>(sandbox(), postsPath());
    const page = await call<Envelope<Post>>(sandbox(), postsPath('?limit=3&offset=4'));
    expect(page.body.results.map((p) => p.id)).toEqual(all.body.slice(4, 7).map((p) => p.id));
  });

  it('posts: continuing while offset + limit < count returns every visible post exactly once', async () => {
    const seen: string[] = [];
    let offset = 0;
    let count = Number.POSITIVE_INFINITY;
    const limit = 100;
    while (offset < count) {
      const page = await call<Envelope<Post>>(sandbox(), postsPath(`?limit=${limit}&offset=${offset}`));
      seen.push(...page.body.results.map((p) => p.id));
      count = page.body.count;
      if (!(page.body.offset + page.body.limit < count)) break;
      offset += limit;
    }
    const all = await call<Post[]>(sandbox(), postsPath());
    expect(seen).toHaveLength(all.body.length);
    expect(new Set(seen)).toEqual(new Set(all.body.map((p) => p.id)));
  });

  it('posts: an offset past the end gives an empty page with the full count', async () => {
    const response = await call<Envelope<Post>>(sandbox(), postsPath('?limit=10&offset=10000'));
    expect(response.body.results).toEqual([]);
    expect(response.body.count).toBe(sandbox().fixtures.postsVisibleToCaller + 151);
  });

  it.each(['abc', '1.5', '', '10x', '1e2'])('posts: limit=%j (not an integer) gets 400', async (value) => {
    const response = await call<{ detail: string }>(
      sandbox(),
      postsPath(`?limit=${encodeURIComponent(value)}`),
    );
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/limit/);
  });

  it.each(['abc', '2.5', ''])('posts: offset=%j (not an integer) gets 400', async (value) => {
    const response = await call<{ detail: string }>(
      sandbox(),
      postsPath(`?limit=5&offset=${encodeURIComponent(value)}`),
    );
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/offset/);
  });

  it('posts: a non-integer offset gets 400 even without limit', async () => {
    const response = await call(sandbox(), postsPath('?offset=x'));
    expect(response.status).toBe(400);
  });
});

describe('post activity list', () => {
  it('activity: without limit the answer is a bare array of every entry', async () => {
    const response = await call<unknown[]>(sandbox(), activityPath());
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body).toHaveLength(activityTotal);
  });

  it('activity: with limit the answer is the counted envelope', async () => {
    const response = await call<Envelope<unknown>>(sandbox(), activityPath('?limit=7&offset=3'));
    expect(response.body).toMatchObject({ count: activityTotal, limit: 7, offset: 3 });
    expect(response.body.results).toHaveLength(7);
  });

  it('activity: limit is clamped to 100', async () => {
    const response = await call<Envelope<unknown>>(sandbox(), activityPath('?limit=101'));
    expect(response.body.limit).toBe(100);
    expect(response.body.results).toHaveLength(100);
  });

  it('activity: limit 0 is clamped to 1', async () => {
    const response = await call<Envelope<unknown>>(sandbox(), activityPath('?limit=0'));
    expect(response.body.limit).toBe(1);
    expect(response.body.results).toHaveLength(1);
  });

  it('activity: a negative offset is treated as 0', async () => {
    const response = await call<Envelope<unknown>>(sandbox(), activityPath('?limit=2&offset=-1'));
    expect(response.body.offset).toBe(0);
  });

  it('activity: paging with the envelope returns every entry exactly once', async () => {
    const ids: string[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await call<Envelope<{ id: string }>>(
        sandbox(),
        activityPath(`?limit=50&offset=${offset}`),
      );
      ids.push(...page.body.results.map((e) => e.id));
      if (!(page.body.offset + page.body.limit < page.body.count)) break;
    }
    expect(ids).toHaveLength(activityTotal);
    expect(new Set(ids).size).toBe(activityTotal);
  });

  it('activity: a non-integer limit gets 400', async () => {
    const response = await call<{ detail: string }>(sandbox(), activityPath('?limit=ten'));
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/limit/);
  });

  it('activity: a non-integer offset gets 400', async () => {
    const response = await call<{ detail: string }>(sandbox(), activityPath('?limit=10&offset=0.5'));
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/offset/);
  });
});

describe('the same limit and offset rules on every paged list', () => {
  // Posts, activity and skills: every 400 of section 7 and every clamp of section 8, per list.
  const lists: Array<[string, (query?: string) => string, number]> = [
    ['posts', (query = '') => postsPath(query), 100],
    ['activity', (query = '') => activityPath(query), 100],
    ['skills', (query = '') => `/api/workspaces/${sandbox().fixtures.workspace}/skills/${query}`, 200],
  ];
  const rows = (body: unknown): unknown[] =>
    Array.isArray(body) ? body : (body as Envelope<unknown>).results;

  describe.each(lists)('%s', (name, path, max) => {
    it.each(['abc', '1.5', '', '10x', '1e2', '0x10', ' '])(
      `${name}: limit=%j (not an integer) gets 400 naming limit`,
      async (value) => {
        const response = await call<{ detail: string }>(
          sandbox(),
          path(`?limit=${encodeURIComponent(value)}`),
        );
        expect(response.status).toBe(400);
        expect(response.body.detail).toMatch(/^limit:/);
      },
    );

    it.each(['abc', '2.5', '', '1e1'])(
      `${name}: offset=%j (not an integer) gets 400 naming offset, with or without limit`,
      async (value) => {
        for (const query of [
          `?limit=5&offset=${encodeURIComponent(value)}`,
          `?offset=${encodeURIComponent(value)}`,
        ]) {
          const response = await call<{ detail: string }>(sandbox(), path(query));
          expect(response.status, query).toBe(400);
          expect(response.body.detail, query).toMatch(/^offset:/);
        }
      },
    );

    it(`${name}: limit above the maximum is clamped to ${max}`, async () => {
      const response = await call(sandbox(), path(`?limit=${max + 1}`));
      expect(response.status).toBe(200);
      expect(rows(response.body)).toHaveLength(max);
    });

    it(`${name}: limit 0 and a negative limit are clamped to 1`, async () => {
      for (const value of ['0', '-1', '-500']) {
        const response = await call(sandbox(), path(`?limit=${value}`));
        expect(response.status, value).toBe(200);
        expect(rows(response.body), value).toHaveLength(1);
      }
    });

    it(`${name}: offset defaults to 0, and a negative one counts as 0`, async () => {
      const omitted = await call(sandbox(), path('?limit=4'));
      const zero = await call(sandbox(), path('?limit=4&offset=0'));
      const negative = await call(sandbox(), path('?limit=4&offset=-9'));
      const second = await call(sandbox(), path('?limit=4&offset=1'));
      expect(rows(omitted.body)).toEqual(rows(zero.body));
      expect(rows(negative.body)).toEqual(rows(zero.body));
      expect(rows(second.body)).not.toEqual(rows(zero.body));
    });

    it(`${name}: an offset larger than any list is an empty page, not a server error`, async () => {
      for (const value of ['99999999999999999999', '9223372036854775807', '9223372036854775808']) {
        const response = await call(sandbox(), path(`?limit=5&offset=${value}`));
        expect(response.status, value).toBe(200);
        expect(rows(response.body), value).toEqual([]);
      }
    });

    it(`${name}: a huge limit is clamped, not an error`, async () => {
      const response = await call(sandbox(), path('?limit=99999999999999999999999'));
      expect(response.status).toBe(200);
      expect(rows(response.body)).toHaveLength(max);
    });
  });

  it('posts and activity: the envelope echoes a huge offset as an integer and keeps the count', async () => {
    for (const path of [
      postsPath('?limit=5&offset=99999999999999999999'),
      activityPath('?limit=5&offset=99999999999999999999'),
    ]) {
      const response = await call<Envelope<unknown>>(sandbox(), path);
      expect(response.status, path).toBe(200);
      expect(Number.isSafeInteger(response.body.offset), path).toBe(true);
      expect(response.body.count, path).toBeGreaterThan(0);
      expect(response.body.offset + response.body.limit < response.body.count, path).toBe(false);
    }
  });
});

describe('skills list', () => {
  const skillsPath = (query = ''): string =>
    `/api/workspaces/${sandbox().fixtures.workspace}/skills/${query}`;

  it('skills: the seed has more than 200 skills visible to the caller', () => {
    expect(sandbox().fixtures.skillsVisibleToCaller).toBeGreaterThan(200);
  });

  it('skills: without limit, a bare array of at most 200 rows and no count', async () => {
    const response = await call<unknown[]>(sandbox(), skillsPath());
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body).toHaveLength(200);
  });

  it('skills: the 200 rows are the newest', async () => {
    const response = await call<Array<{ id: string; name: string }>>(sandbox(), skillsPath());
    const numbers = response.body.map((s) => Number(s.name.replace('Skill ', '')));
    const newestVisible = Array.from({ length: sandbox().fixtures.skillsTotal }, (_, i) => i + 1)
      .filter((n) => n % 23 !== 0)
      .reverse()
      .slice(0, 200);
    expect(numbers).toEqual(newestVisible);
  });

  it('skills: with limit, still a bare array of that many rows', async () => {
    const response = await call<unknown[]>(sandbox(), skillsPath('?limit=50'));
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body).toHaveLength(50);
  });

  it('skills: limit above 200 is clamped to 200', async () => {
    const response = await call<unknown[]>(sandbox(), skillsPath('?limit=500'));
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(200);
  });

  it('skills: limit 0 is clamped to 1', async () => {
    const response = await call<unknown[]>(sandbox(), skillsPath('?limit=0'));
    expect(response.body).toHaveLength(1);
  });

  it('skills: paging by offset until a short page yields the newest 200, each once', async () => {
    const ids: string[] = [];
    const limit = 30;
    for (let offset = 0; ; offset += limit) {
      const page = await call<Array<{ id: string }>>(
        sandbox(),
        skillsPath(`?limit=${limit}&offset=${offset}`),
      );
      ids.push(...page.body.map((s) => s.id));
      if (page.body.length < limit) break;
    }
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
  });

  it('skills: an offset past the newest 200 gives an empty array', async () => {
    const response = await call<unknown[]>(sandbox(), skillsPath('?limit=10&offset=200'));
    expect(response.body).toEqual([]);
  });

  it('skills: a negative offset is treated as 0', async () => {
    const negative = await call<unknown[]>(sandbox(), skillsPath('?limit=3&offset=-3'));
    const zero = await call<unknown[]>(sandbox(), skillsPath('?limit=3'));
    expect(negative.body).toEqual(zero.body);
  });

  it('skills: a non-integer limit gets 400', async () => {
    const response = await call<{ detail: string }>(sandbox(), skillsPath('?limit=many'));
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/limit/);
  });

  it('skills: a non-integer offset gets 400', async () => {
    const response = await call<{ detail: string }>(sandbox(), skillsPath('?limit=10&offset=1.0'));
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/offset/);
  });

  it('skills: another member’s private skills are not listed', async () => {
    const mine = await call<Array<{ owner: string; visibility: string }>>(sandbox(), skillsPath());
    expect(mine.body.some((s) => s.visibility === 'private' && s.owner !== sandbox().fixtures.caller)).toBe(
      false,
    );
    const theirs = await call<Array<{ owner: string; visibility: string }>>(sandbox(), skillsPath(), {
      token: sandbox().otherToken,
    });
    expect(theirs.body.some((s) => s.visibility === 'private')).toBe(true);
  });
});
