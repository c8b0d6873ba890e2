// The browser host's server: the same bridge as the desktop app, over HTTP and server-sent events on
// 127.0.0.1, for a plain browser (development, end-to-end tests, machines without Electron).
//
// Protocol (src-renderer/src/lib/http-bridge.ts and host-token.ts are the page's side):
//   GET  /?code=<one-time code>        the page, while the code is unused; a used or unknown code
//                                      gets 401 and a plain sentence, so the address the browser
//                                      keeps in its history opens nothing
//   POST /bridge/session               JSON {"code"}: spends the code, answers {"session"}, a token
//                                      the page keeps in sessionStorage; the page has already taken
//                                      the code out of its address bar
//   GET  /...                          the built renderer, with the same CSP as the desktop app
//   POST /bridge/invoke/<command>      header X-Outpost-Token: a session token (a page) or the
//                                      launch token (a script); JSON body = payload; answers the
//                                      BridgeResult envelope as JSON (HTTP 200 for every envelope)
//   POST /bridge/ticket                header X-Outpost-Token; answers {"ticket"}: single use, valid
//                                      30 s, for the event stream (EventSource cannot send headers)
//   GET  /bridge/events?ticket=<t>     server-sent events, one `data: <BridgeEvent JSON>` each; a
//                                      script may send X-Outpost-Token instead of a ticket
// No cookie is set or read: cookies are shared by every port of 127.0.0.1 (browser-host-auth.ts).
// A wrong or missing credential gets 401; a foreign Origin or Host, a second Host header or an
// absolute-form target is refused before that (browser-host-guard.ts).
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND_NAMES } from '../src-preload/bridge';
import type { BridgeEvent, BridgeResult, CommandName } from '../src-preload/bridge';
import { createHostAuth } from './browser-host-auth';
import { DEFAULT_HOST_LIMITS, refusalOf, serverOptions } from './browser-host-guard';
import type { HostLimits } from './browser-host-guard';
import type { AppCore, Logger, SecretStore } from './core/ports';
import { RENDERER_SECURITY_HEADERS, contentTypeFor } from './csp';
import { resolveRendererFile } from './renderer-files';
import { isPlainData } from './plain-data';

export { tokenMatches } from './browser-host-auth';
export type { HostLimits } from './browser-host-guard';

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
  /** Connection cap, timeouts and header size; each defaults to DEFAULT_HOST_LIMITS. */
  limits?: Partial<HostLimits>;
  /** Milliseconds since the epoch, for the event-stream tickets' lifetime (tests move it). */
  now?: () => number;
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
const TICKET_PARAM = 'ticket';
const INVOKE_PREFIX = '/bridge/invoke/';
const SESSION_PATH = '/bridge/session';
const TICKET_PATH = '/bridge/ticket';
const EVENTS_PATH = '/bridge/events';
const knownCommands = new Set<string>(COMMAND_NAMES);
const USED_LINK =
  'This Outpost link was already used or is not valid: each link opens the app once. Restart the browser host for a new one.';
const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export function defaultRendererDir(): string {
  // Built: out/main/browser-host.js -> out/renderer. From source (tsx): src-main -> out/renderer.
  const here = dirname(fileURLToPath(import.meta.url));
  const marker = `${sep}out${sep}main`;
  const at = here.lastIndexOf(marker);
  return at === -1 ? resolve(here, '..', 'out', 'renderer') : join(here.slice(0, at), 'out', 'renderer');
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
  const limits: HostLimits = { ...DEFAULT_HOST_LIMITS, ...options.limits };
  const ownsCore = options.core === undefined;
  let core: AppCore;
  if (options.core) core = options.core;
  else if (options.createCore)
    core = await options.createCore({ dataDir: options.dataDir, secrets: options.secrets });
  else throw new Error('startBrowserHost needs either `core` or `createCore`.');

  const auth = createHostAuth(options.now ? { now: options.now } : {});
  const eventStreams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let port = 0;

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

  const refuseCredential = (res: ServerResponse): void => send(res, 401, 'Missing or wrong token');
  const byHeader = (req: IncomingMessage): boolean => auth.accepts(req.headers[TOKEN_HEADER]);

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

  async function handleSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return send(res, 405, 'Method not allowed');
    const body = await readBody(req);
    if (body === null) return send(res, 413, 'Request body too large');
    let code: unknown;
    try {
      code = (JSON.parse(body) as { code?: unknown } | null)?.code;
    } catch {
      return send(res, 400, 'The request body is not valid JSON.');
    }
    const session = auth.tradeCode(code);
    if (session === null) return send(res, 401, USED_LINK);
    sendJson(res, { session });
  }

  function handleTicket(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'POST') return send(res, 405, 'Method not allowed');
    if (!byHeader(req)) return refuseCredential(res);
    // Nothing is read from the body; drain it so the connection can serve the next request.
    req.resume();
    sendJson(res, { ticket: auth.newTicket() });
  }

  async function handleInvoke(req: IncomingMessage, res: ServerResponse, command: string): Promise<void> {
    if (req.method !== 'POST') return send(res, 405, 'Method not allowed');
    if (!byHeader(req)) return refuseCredential(res);
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
    const ticket = url.searchParams.get(TICKET_PARAM);
    const allowed = ticket !== null ? auth.redeemTicket(ticket) : byHeader(req);
    if (!allowed) return refuseCredential(res);
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
    // The page trades the code itself; here a spent one (from history, a terminal) opens nothing.
    if (url.searchParams.has(CODE_PARAM) && !auth.isLiveCode(url.searchParams.get(CODE_PARAM))) {
      return send(res, 401, USED_LINK);
    }
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

  function failed(res: ServerResponse) {
    return (error: unknown): void => {
      logger.error('browser host: request failed', { error: String(error) });
      if (!res.headersSent) send(res, 500, 'Internal error');
      else res.destroy();
    };
  }

  const server: Server = createServer(serverOptions(limits), (req, res) => {
    const refusal = refusalOf(req, port);
    if (refusal !== null) return send(res, refusal.status, refusal.message);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${req.headers.host}`);
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
      handleInvoke(req, res, command).catch(failed(res));
      return;
    }
    if (url.pathname === SESSION_PATH) {
      handleSession(req, res).catch(failed(res));
      return;
    }
    if (url.pathname === TICKET_PATH) return handleTicket(req, res);
    if (url.pathname === EVENTS_PATH) return handleEvents(req, res, url);
    if (url.pathname.startsWith('/bridge/')) return send(res, 404, 'Not found');
    handleStatic(req, res, url);
  });
  server.maxConnections = limits.maxConnections;
  // A flood would write a line per connection: the first and then every hundredth.
  let dropped = 0;
  server.on('drop', () => {
    if (dropped++ % 100 === 0)
      logger.warn('browser host: too many connections, closing new ones', { dropped });
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
  const pageUrl = (): string => `${base}/?${CODE_PARAM}=${auth.newCode()}`;

  let closed: Promise<void> | null = null;
  return {
    url: pageUrl(),
    pageUrl,
    token: auth.token,
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
