// A careless service in front of the sandbox: once told to, it echoes the credentials it was
// sent in the status line, a header, the body and a redirect's Location, as real proxies and
// frameworks have done; or, `encoded`, it answers as the sandbox does with the token added in
// every encoding (token-encodings.ts), ten levels deep, and refuses changes with errors that
// quote it the same ways. Until then it forwards every request unchanged.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonWith, nested, slot, tokenEncodings, type TokenEncoding } from './token-encodings';

export interface EchoServer {
  baseUrl: string;
  /** Off: a plain proxy. On: every request is answered with an echo of its credentials. */
  hostile: boolean;
  /** On: the sandbox's answers with the token added in every encoding; changes refused, quoting it. */
  encoded: boolean;
  /** Answers `encoded` gave so far: successes that carried the token, and errors. */
  served: { answers: number; errors: number };
  close(): Promise<void>;
}

function sentToken(req: IncomingMessage): string {
  const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
  return bearer || String(req.headers['x-api-key'] ?? '');
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Every encoding of the token and of its secret part, each as a `jsonWith` slot. */
function echoesOf(token: string): { encodings: TokenEncoding[]; texts: string[] } {
  const secret = token.slice(token.indexOf('_pat_') + 5);
  const encodings = [...tokenEncodings(token), ...tokenEncodings(secret)];
  return { encodings, texts: encodings.map((_, i) => `sent ${slot(i)}`) };
}

/** An item of the sandbox's answer with the echoes added: in a key, deep in a field, in its text. */
function decorate(item: unknown, echoes: string[], turn: number): unknown {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  const record = { ...(item as Record<string, unknown>) };
  const one = echoes[turn % echoes.length]!;
  if (typeof record.title === 'string') record.title = `${record.title} ${one}`;
  if (typeof record.content === 'string') record.content = `${record.content} ${one}`;
  record.echo = nested(10, { detail: echoes });
  record[slot(turn % echoes.length)] = 'a key';
  return record;
}

async function answerEncoded(
  state: EchoServer,
  upstream: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const token = sentToken(req);
  const { encodings, texts } = echoesOf(token);
  const body = await readBody(req);
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const change = req.method === 'PATCH' || path.endsWith('/publish/');
  if (change) {
    // Refused, quoting the token ten levels deep; the status line carries the encodings a header can.
    state.served.errors += 1;
    const status = req.method === 'PATCH' ? 400 : 500;
    const plainOnes = encodings.filter((e) => !e.json).map((e) => e.text);
    res.writeHead(status, `Refused ${plainOnes.join(' ')}`, { 'Content-Type': 'application/json' });
    res.end(jsonWith({ errors: nested(10, { detail: texts.join(' ') }) }, encodings));
    return;
  }
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
  const text = await answer.text();
  if (!answer.ok) {
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(text);
    return;
  }
  state.served.answers += 1;
  const turn = state.served.answers;
  const value = JSON.parse(text) as unknown;
  let decorated: unknown;
  if (Array.isArray(value)) decorated = value.map((item, i) => decorate(item, texts, turn + i));
  else if (
    value !== null &&
    typeof value === 'object' &&
    Array.isArray((value as { results?: unknown }).results)
  )
    decorated = {
      ...value,
      results: (value as { results: unknown[] }).results.map((item, i) => decorate(item, texts, turn + i)),
    };
  else decorated = decorate(value, texts, turn);
  res.writeHead(answer.status, { 'Content-Type': 'application/json' });
  res.end(jsonWith(decorated, encodings));
}

export async function startEchoServer(upstream: string): Promise<EchoServer> {
  const target = new URL(upstream);
  const state: EchoServer = {
    baseUrl: '',
    hostile: false,
    encoded: false,
    served: { answers: 0, errors: 0 },
    close: () => Promise.resolve(),
  };
  const server = createServer((req, res) => {
    if (state.encoded) {
      answerEncoded(state, upstream, req, res).catch(() => res.destroy());
      return;
    }
    if (!state.hostile) {
      const forward = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
      return;
    }
    const token = sentToken(req);
    const secret = token.slice(token.indexOf('_pat_') + 5);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    req.resume();
    if (req.method === 'GET') {
      // A redirect that carries the token in its status line and its target.
      res.writeHead(302, `Found ${token}`, {
        Location: `https://elsewhere.example/login?token=${token}&s=${secret}`,
        'X-Echo': token,
        'Content-Length': '0',
      });
      res.end();
      return;
    }
    if (path.endsWith('/posts/')) {
      // No body: the status line is all the client has to quote.
      res.writeHead(418, `Bad ${token}`, { 'X-Echo': token, 'Content-Length': '0' });
      res.end();
      return;
    }
    const body = JSON.stringify({ detail: `Refused ${token} (${secret})`, sent: token });
    res.writeHead(500, `Broken ${secret}`, { 'Content-Type': 'application/json', 'X-Echo': secret });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
