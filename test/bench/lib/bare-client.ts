// The limit: a bare HTTP client that sends the same requests as Outpost (same method, path,
// headers and body; the same fetch with its keep-alive pool; the same concurrency), and
// does nothing else: no database, no validation, no bookkeeping.

export interface BareClient {
  requests: number;
  get(path: string): Promise<unknown>;
  post(path: string, body?: Record<string, unknown>): Promise<unknown>;
}

export function bareClient(baseUrl: string, token: string): BareClient {
  const client: BareClient = {
    requests: 0,
    get: (path) => send('GET', path),
    post: (path, body) => send('POST', path, body),
  };
  async function send(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    if (method !== 'GET') headers['Content-Type'] = 'application/json';
    client.requests++;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json;
  }
  return client;
}

/** Runs `work` over `items`, at most `limit` at a time (the same shape as the core's pool). */
export async function bounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

export interface DraftSpec {
  title: string;
  variants: Array<{ platform: string; content: string }>;
}

/** The push's drafts: `count` posts with an X and a LinkedIn variant each. */
export function draftsFor(count: number): DraftSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `Push bench post ${i + 1}`,
    variants: [
      { platform: 'x', content: `Short take number ${i + 1} for X. #shipping` },
      {
        platform: 'linkedin',
        content: `A longer note number ${i + 1} for LinkedIn, with context and a question.`,
      },
    ],
  }));
}

/** Push: create each post, then its variants in order; posts run `concurrency` at a time. */
export async function barePush(
  client: BareClient,
  slug: string,
  drafts: readonly DraftSpec[],
  concurrency: number,
): Promise<void> {
  await bounded(drafts, concurrency, async (draft) => {
    const post = (await client.post(`/api/workspaces/${slug}/posts/`, { title: draft.title })) as {
      id: unknown;
    };
    for (const v of draft.variants) {
      await client.post(`/api/workspaces/${slug}/posts/${String(post.id)}/variants/`, {
        platform: v.platform,
        content: v.content,
      });
    }
  });
}

interface Envelope {
  results: Array<{ id: unknown }>;
  count: number;
  limit: number;
  offset: number;
}

/**
 * Pull, in the fewest requests the API allows for what Outpost reads: the workspace list; per
 * workspace its scheduling profiles, the posts envelope in pages of 100, one variants list per
 * post (`concurrency` at a time) and the skills pages (limit 200 until a short page).
 */
export async function barePull(
  client: BareClient,
  concurrency: number,
): Promise<{ posts: number; variants: number }> {
  let posts = 0;
  let variants = 0;
  const workspaces = (await client.get('/api/workspaces/')) as Array<{ slug: string }>;
  for (const { slug } of workspaces) {
    const ws = `/api/workspaces/${encodeURIComponent(slug)}/`;
    await client.get(`${ws}social-profiles/?type=scheduling`);
    const ids: string[] = [];
    for (let offset = 0; ;) {
      const page = (await client.get(`${ws}posts/?limit=100&offset=${offset}`)) as Envelope;
      for (const p of page.results) ids.push(String(p.id));
      if (page.offset + page.limit >= page.count || page.results.length === 0) break;
      offset = page.offset + page.limit;
    }
    posts += ids.length;
    await bounded(ids, concurrency, async (id) => {
      const list = (await client.get(`${ws}posts/${id}/variants/`)) as unknown[];
      variants += list.length;
    });
    for (let offset = 0; ;) {
      const page = (await client.get(`${ws}skills/?limit=200&offset=${offset}`)) as unknown[];
      if (page.length < 200) break;
      offset += page.length;
    }
  }
  return { posts, variants };
}
