// A careless service in front of the sandbox: once told to, it echoes the credentials it was
// sent in the status line, a header, the body and a redirect's Location, as real proxies and
// frameworks have done. Until then it forwards every request unchanged.
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoServer {
  baseUrl: string;
  /** Off: a plain proxy. On: every request is answered with an echo of its credentials. */
  hostile: boolean;
  close(): Promise<void>;
}

function sentToken(req: IncomingMessage): string {
  const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
  return bearer || String(req.headers['x-api-key'] ?? '');
}

export async function startEchoServer(upstream: string): Promise<EchoServer> {
  const target = new URL(upstream);
  const state: EchoServer = { baseUrl: '', hostile: false, close: () => Promise.resolve() };
  const server = createServer((req, res) => {
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
