// A tiny hostile service on 127.0.0.1: it forwards every request to the real sandbox, except the
// routes told to misbehave, which answer an HTML error page, broken JSON, a 200 without `id`,
// fields of the wrong type, a body far larger than any answer the client should accept, an
// error that echoes the credentials it was sent (as careless services do), or a 500 whose
// message is a whole stack trace.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type HostileKind =
  | 'html'
  | 'html_502'
  | 'invalid_json'
  | 'no_id'
  | 'wrong_types'
  | 'huge'
  | 'echo'
  | 'rate_limited'
  | 'stack_500';

export interface HostileRule {
  method?: string;
  path: RegExp;
  kind: HostileKind;
  /** Let this many matching requests through first (to hit, say, a read-back after a pull). */
  skip?: number;
  /** Misbehave this many times, then let requests through (default: always). */
  times?: number;
}

export interface HostileServer {
  baseUrl: string;
  rules: HostileRule[];
  /** Sees every request that is forwarded, before it leaves for the real service. */
  onForward: ((method: string, path: string) => void) | null;
  /** Hostile answers given so far. */
  served: number;
  close(): Promise<void>;
}

/** Strings the hostile answers carry: if any reaches a local view, something was overwritten. */
export const HOSTILE_MARK = 'HOSTILE-VALUE';

/** The message of a `stack_500` answer: its first line is all a person should be shown. */
export const STACK_TRACE = [
  'Traceback (most recent call last):',
  '  File "/srv/app/views.py", line 42, in list_posts',
  '    rows = db.fetch(query)',
  `RuntimeError: connection pool exhausted (${HOSTILE_MARK})`,
].join('\n');

const HUGE_BYTES = 12 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function hostileAnswer(
  kind: HostileKind,
  req: IncomingMessage,
  res: ServerResponse,
  listRoute: boolean,
): void {
  const json = (status: number, body: string) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(body);
  };
  switch (kind) {
    case 'rate_limited':
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '1' });
      res.end('{"detail":"Slow down."}');
      return;
    case 'echo': {
      const sent = `${String(req.headers.authorization ?? '')} ${String(req.headers['x-api-key'] ?? '')}`;
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ detail: `Rejected credentials: ${sent}`, echo: sent, url: req.url }));
      return;
    }
    case 'html':
    case 'html_502':
      res.writeHead(kind === 'html' ? 200 : 502, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><title>${HOSTILE_MARK}</title></head><body><h1>Bad Gateway</h1>` +
          `<script>alert("${HOSTILE_MARK}")</script></body></html>`,
      );
      return;
    case 'stack_500':
      return json(500, JSON.stringify({ detail: STACK_TRACE }));
    case 'invalid_json':
      return json(200, `{"id": "1", "title": "${HOSTILE_MARK}", "content": `);
    case 'no_id': {
      const item = {
        title: HOSTILE_MARK,
        platform: 'x',
        content: HOSTILE_MARK,
        slug: HOSTILE_MARK,
        status: 'draft',
      };
      return json(200, JSON.stringify(listRoute ? [item] : item));
    }
    case 'wrong_types': {
      const item = {
        id: { nested: HOSTILE_MARK },
        title: 42,
        slug: ['a'],
        platform: 7,
        content: { text: HOSTILE_MARK },
        scheduled_at: 12345,
        status: false,
        social_profile_id: [HOSTILE_MARK],
        platform_post_url: 99,
        is_active: 'yes',
      };
      return json(200, JSON.stringify(listRoute ? [item] : item));
    }
    case 'huge': {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      // A valid JSON string, just far too large: the client must stop reading, not buffer it all.
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      res.write(`{"id":"1","content":"${HOSTILE_MARK}`);
      let sent = 0;
      const pump = () => {
        while (sent < HUGE_BYTES) {
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end('"}');
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
  }
}

export async function startHostileServer(upstream: string): Promise<HostileServer> {
  const state: HostileServer = {
    baseUrl: '',
    rules: [],
    onForward: null,
    served: 0,
    close: () => Promise.resolve(),
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const rule = state.rules.find((r) => {
      if (!((r.method === undefined || r.method === req.method) && r.path.test(path))) return false;
      if ((r.skip ?? 0) > 0) {
        r.skip = (r.skip ?? 0) - 1;
        return false;
      }
      if (r.times !== undefined) {
        if (r.times <= 0) return false;
        r.times -= 1;
      }
      return true;
    });
    if (rule) {
      state.served += 1;
      // Drain the request first: the client must see the answer, not a reset.
      void readBody(req).then(() =>
        hostileAnswer(rule.kind, req, res, req.method === 'GET' && path.endsWith('/')),
      );
      return;
    }
    void (async () => {
      try {
        const body = await readBody(req);
        state.onForward?.(req.method ?? 'GET', path);
        const headers: Record<string, string> = {};
        for (const name of ['authorization', 'x-api-key', 'content-type', 'accept']) {
          const value = req.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        const answer = await fetch(`${upstream}${req.url ?? '/'}`, {
          method: req.method ?? 'GET',
          headers,
          ...(body.length > 0 ? { body } : {}),
        });
        const out = Buffer.from(await answer.arrayBuffer());
        const outHeaders: Record<string, string> = {};
        for (const name of ['content-type', 'retry-after']) {
          const value = answer.headers.get(name);
          if (value !== null) outHeaders[name] = value;
        }
        res.writeHead(answer.status, outHeaders);
        res.end(out);
      } catch {
        res.destroy();
      }
    })();
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  return state;
}
