// The browser host's server: the same bridge as the desktop app, over HTTP and server-sent events on
// 127.0.0.1, for a plain browser (development, end-to-end tests, machines without Electron).
//
// Protocol (src-renderer/src/lib/http-bridge.ts is the client):
//   GET  /?code=<one-time code>        trades the code for an HttpOnly, SameSite=Strict cookie
//                                      holding the per-launch token, then 303 to the clean address;
//                                      a code works once (a replay gets 401 and no cookie), so the
//                                      address the browser keeps in its history opens nothing
//   GET  /...                          the built renderer, with the same CSP as the desktop app
//   POST /bridge/invoke/<command>      the cookie (a page) or header X-Outpost-Token (a script);
//                                      JSON body = payload; answers the BridgeResult envelope as
//                                      JSON (HTTP 200 for every envelope)
//   GET  /bridge/events                server-sent events, one `data: <BridgeEvent JSON>` each;
//                                      the cookie, or `?token=` for a script (EventSource cannot
//                                      send headers)
// A wrong or missing token gets 401, a foreign Origin or Host 403: any web page the user visits
// can reach 127.0.0.1, so the random per-launch token is what keeps it out.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND_NAMES } from '../src-preload/bridge';
import type { BridgeEvent, BridgeResult, CommandName } from '../src-preload/bridge';
import type { AppCore, Logger, SecretStore } from './core/ports';
import { RENDERER_SECURITY_HEADERS, contentTypeFor } from './csp';
import { resolveRendererFile } from './renderer-files';
import { isPlainData } from './plain-data';

export interface BrowserHostOptions {
  /** 0 (default): a free port chosen by the OS. */
  port?: number;
  dataDir: string;
  /** The built renderer; default `out/renderer` beside this file's `out/main`. */
  rendererDir?: string;
  secrets?: SecretStore;
  /** A core made by the caller; the host then leaves closing it to the caller. */
  core?: AppCore;
  /** Makes the core when none is given (script mode passes the real `createAppCore`). */
  createCore?: (options: { dataDir: string; secrets?: SecretStore }) => Promise<AppCore>;
  logger?: Logger;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
}

export interface BrowserHost {
  /** The address to open, with a one-time code: `http://127.0.0.1:PORT/?code=CODE`. */
  url: string;
  /** Another address with a fresh one-time code (another browser, another test window). */
  pageUrl(): string;
  /** For scripts: header X-Outpost-Token. Never put in a page's address. */
  token: string;
  core: AppCore;
  close(): Promise<void>;
}

const TOKEN_HEADER = 'x-outpost-token';
const CODE_PARAM = 'code';
const INVOKE_PREFIX = '/bridge/invoke/';
const EVENTS_PATH = '/bridge/events';
const knownCommands = new Set<string>(COMMAND_NAMES);
const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export function defaultRendererDir(): string {
  // Built: out/main/browser-host.js -> out/renderer. From source (tsx): src-main -> out/renderer.
  const here = dirname(fileURLToPath(import.meta.url));
  const marker = `${sep}out${sep}main`;
  const at = here.lastIndexOf(marker);
  return at === -1 ? resolve(here, '..', 'out', 'renderer') : join(here.slice(0, at), 'out', 'renderer');
}

/** Compares digests, so neither the content nor the length of the token leaks through timing. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

function unknownCommand(command: string): BridgeResult<never> {
  return { ok: false, error: { code: 'unknown_command', message: `Unknown command: ${command}` } };
}

function invalidPayload(message: string): BridgeResult<never> {
  return { ok: false, error: { code: 'invalid_payload', message } };
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const logger = options.logger ?? silentLogger;
  const rendererDir = options.rendererDir ?? defaultRendererDir();
  const maxBodyBytes = options.maxBodyBytes ?? 5 * 1024 * 1024;
  const ownsCore = options.core === undefined;
  let core: AppCore;
  if (options.core) core = options.core;
  else if (options.createCore)
    core = await options.createCore({ dataDir: options.dataDir, secrets: options.secrets });
  else throw new Error('startBrowserHost needs either `core` or `createCore`.');

  const token = randomBytes(32).toString('base64url');
  // Codes not yet traded for the cookie; each is removed the moment it is used.
  const codes = new Set<string>();
  const eventStreams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let port = 0;

  const allowedHosts = (): Set<string> => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = (): Set<string> => new Set([...allowedHosts()].map((h) => `http://${h}`));

  function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
    res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(body);
  }

  function sendJson(res: ServerResponse, value: unknown): void {
    send(res, 200, JSON.stringify(value), 'application/json; charset=utf-8');
  }

  function readBody(req: IncomingMessage): Promise<string | null> {
    return new Promise((resolveBody, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBodyBytes) tooLarge = true;
        else chunks.push(chunk);
      });
      req.on('end', () => resolveBody(tooLarge ? null : Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });
  }

  // Cookies are not kept apart by port: the port in the name keeps two hosts apart.
  const cookieName = (): string => `outpost_host_${port}`;

  function byCookie(req: IncomingMessage): boolean {
    return tokenMatches(token, cookieValue(req.headers.cookie, cookieName()));
  }

  /** A request made by the page itself: same origin by the browser's own word (Sec-Fetch-Site). */
  function fromOwnPage(req: IncomingMessage): boolean {
    const site = req.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin';
  }

  function redirectClean(res: ServerResponse, url: URL, headers: Record<string, string> = {}): void {
    url.searchParams.delete(CODE_PARAM);
    res.writeHead(303, {
      ...headers,
      Location: `${url.pathname}${url.search}`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'Content-Length': '0',
    });
    res.end();
  }

  function handleCode(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const code = url.searchParams.get(CODE_PARAM) ?? '';
    const known = [...codes].find((c) => tokenMatches(c, code));
    // The printed link opened again in a browser that already holds the cookie: the code
    // grants nothing, the page just opens.
    if (known === undefined && byCookie(req)) return redirectClean(res, url);
    if (known === undefined) {
      return send(
        res,
        401,
        'This Outpost link was already used or is not valid: each link opens the app once. Restart the browser host for a new one.',
      );
    }
    codes.delete(known);
    redirectClean(res, url, { 'Set-Cookie': `${cookieName()}=${token}; HttpOnly; SameSite=Strict; Path=/` });
  }

  async function handleInvoke(req: IncomingMessage, res: ServerResponse, command: string): Promise<void> {
    if (req.method !== 'POST') return send(res, 405, 'Method not allowed');
    const header = req.headers[TOKEN_HEADER] as string | undefined;
    // A cookie rides along with any request the browser makes, so it counts only on a request
    // that names our own origin (a browser always sends Origin on a POST).
    const pageCall =
      header === undefined && byCookie(req) && req.headers.origin !== undefined && fromOwnPage(req);
    if (!pageCall && !tokenMatches(token, header)) {
      return send(res, 401, 'Missing or wrong token');
    }
    const body = await readBody(req);
    if (body === null) return send(res, 413, 'Request body too large');
    if (!knownCommands.has(command)) return sendJson(res, unknownCommand(command));
    let payload: unknown = undefined;
    if (body.trim().length > 0) {
      try {
        payload = JSON.parse(body) as unknown;
      } catch {
        return sendJson(res, invalidPayload('The request body is not valid JSON.'));
      }
    }
    if (!isPlainData(payload)) return sendJson(res, invalidPayload('The payload must be plain data.'));
    let result: BridgeResult<unknown>;
    try {
      // A name from the wire: checked against the known commands above, and again by the core.
      result = await core.invoke(command as CommandName, payload);
    } catch (error) {
      // The core promises never to throw; if it does, the window still gets an envelope.
      logger.error('browser host: core.invoke threw', { command, error: String(error) });
      result = { ok: false, error: { code: 'internal', message: 'Outpost hit an internal error.' } };
    }
    sendJson(res, result);
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET') return send(res, 405, 'Method not allowed');
    const pageCall = byCookie(req) && fromOwnPage(req);
    if (!pageCall && !tokenMatches(token, url.searchParams.get('token'))) {
      return send(res, 401, 'Missing or wrong token');
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'keep-alive',
    });
    // A comment first, so the client's `open` fires before any event exists.
    res.write(': connected\n\n');
    eventStreams.add(res);
    const unsubscribe = core.subscribe((event: BridgeEvent) => {
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    keepAlive.unref();
    res.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      eventStreams.delete(res);
    });
  }

  function handleStatic(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed');
    const file = resolveRendererFile(rendererDir, url.pathname);
    if (file === null) return send(res, 404, 'Not found');
    res.writeHead(200, {
      ...RENDERER_SECURITY_HEADERS,
      'Content-Type': contentTypeFor(file),
      'Cache-Control': file.endsWith('.html') ? 'no-store' : 'no-cache',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  const server: Server = createServer((req, res) => {
    // DNS rebinding: a page served from evil.example that resolves to 127.0.0.1 sends its own Host.
    const host = req.headers.host ?? '';
    if (!allowedHosts().has(host)) return send(res, 403, 'Forbidden host');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) return send(res, 403, 'Forbidden origin');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${host}`);
    } catch {
      return send(res, 400, 'Bad request');
    }
    if (url.pathname.startsWith(INVOKE_PREFIX)) {
      let command: string;
      try {
        command = decodeURIComponent(url.pathname.slice(INVOKE_PREFIX.length));
      } catch {
        return send(res, 400, 'Bad request');
      }
      handleInvoke(req, res, command).catch((error: unknown) => {
        logger.error('browser host: request failed', { error: String(error) });
        if (!res.headersSent) send(res, 500, 'Internal error');
        else res.destroy();
      });
      return;
    }
    if (url.pathname === EVENTS_PATH) return handleEvents(req, res, url);
    if (url.pathname.startsWith('/bridge/')) return send(res, 404, 'Not found');
    if (url.searchParams.has(CODE_PARAM) && req.method === 'GET') return handleCode(req, res, url);
    handleStatic(req, res, url);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject);
        resolveListen();
      });
    });
  } catch (error) {
    if (ownsCore) await core.close(0);
    throw error;
  }
  port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;

  const pageUrl = (): string => {
    const code = randomBytes(24).toString('base64url');
    codes.add(code);
    return `${base}/?${CODE_PARAM}=${code}`;
  };

  let closed: Promise<void> | null = null;
  return {
    url: pageUrl(),
    pageUrl,
    token,
    core,
    close() {
      closed ??= (async () => {
        for (const res of eventStreams) res.end();
        await new Promise<void>((resolveClose) => {
          server.close(() => resolveClose());
          for (const socket of sockets) socket.destroy();
        });
        if (ownsCore) await core.close(2_000);
      })();
      return closed;
    },
  };
}

export interface BrowserHostArgs {
  port: number;
  dataDir: string | undefined;
}

/** Parses `--port N` / `--port=N` and `--data-dir DIR` / `--data-dir=DIR`; throws a clear message otherwise. */
export function parseBrowserHostArgs(argv: readonly string[]): BrowserHostArgs {
  let port = 0;
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.length === 0) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--port') {
      const raw = value();
      const n = Number(raw);
      if (!/^\d+$/.test(raw) || n > 65_535)
        throw new Error(`--port must be a number from 0 to 65535, got "${raw}"`);
      port = n;
    } else if (flag === '--data-dir') {
      dataDir = value();
    } else {
      throw new Error(`Unknown argument "${arg}". Usage: browser-host [--port N] [--data-dir DIR]`);
    }
  }
  return { port, dataDir };
}
