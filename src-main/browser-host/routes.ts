// What the browser host answers: the same bridge as the desktop app, over HTTP and server-sent
// events on 127.0.0.1, for a plain browser (development, end-to-end tests, machines without
// Electron).
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
//   GET  /bridge/events?ticket=<t>     server-sent events, one message per turn of the host, its
//                                      data a JSON list of BridgeEvents (event-streams.ts); a
//                                      script may send X-Outpost-Token instead of a ticket
// No cookie is set or read: cookies are shared by every port of 127.0.0.1 (auth.ts). A wrong or
// missing credential gets 401; a foreign Origin or Host, a second Host header or an
// absolute-form target is refused before that (guard.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { COMMAND_NAMES } from '@preload/bridge';
import type { BridgeResult, CommandName } from '@preload/bridge';
import type { AppCore, Logger } from '../core/ports';
import { RENDERER_SECURITY_HEADERS, contentTypeFor } from '../shared/csp';
import { isPlainData } from '../shared/plain-data';
import { resolveRendererFile } from '../shared/renderer-files';
import type { HostAuth } from './auth';
import { staysOpen } from './connections';
import { EventStreams } from './event-streams';
import { streamFile } from './file-answer';
import { refusalOf } from './guard';

export const CODE_PARAM = 'code';
const TOKEN_HEADER = 'x-outpost-token';
const TICKET_PARAM = 'ticket';
const INVOKE_PREFIX = '/bridge/invoke/';
const SESSION_PATH = '/bridge/session';
const TICKET_PATH = '/bridge/ticket';
const EVENTS_PATH = '/bridge/events';
const knownCommands = new Set<string>(COMMAND_NAMES);
const USED_LINK =
  'This Outpost link was already used or is not valid: each link opens the app once. Restart the browser host for a new one.';

export interface RoutesOptions {
  core: AppCore;
  auth: HostAuth;
  logger: Logger;
  rendererDir: string;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** The port the server listens on, once it does: the guard checks Host and Origin against it. */
  port: () => number;
}

export interface Routes {
  /** The server's request listener. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Ends every open event stream, so the server can close. */
  endEventStreams: () => void;
}

function unknownCommand(command: string): BridgeResult<never> {
  return { ok: false, error: { code: 'unknown_command', message: `Unknown command: ${command}` } };
}

function invalidPayload(message: string): BridgeResult<never> {
  return { ok: false, error: { code: 'invalid_payload', message } };
}

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

/** What every route reads: the host's options and the event streams open now. */
interface RouteContext extends RoutesOptions {
  eventStreams: EventStreams;
}

/** Answers one request; a promise that rejects becomes a 500 (or a dropped connection). */
type Serve = (ctx: RouteContext, req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

interface Route {
  /** The path answered, or with `prefix` every path that starts with it. */
  path: string;
  prefix?: true;
  serve: Serve;
}

const byHeader = (ctx: RouteContext, req: IncomingMessage): boolean =>
  ctx.auth.accepts(req.headers[TOKEN_HEADER]);

function readBody(req: IncomingMessage, maxBodyBytes: number): Promise<string | null> {
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

async function serveSession(ctx: RouteContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') return send(res, 405, 'Method not allowed');
  const body = await readBody(req, ctx.maxBodyBytes);
  if (body === null) return send(res, 413, 'Request body too large');
  let code: unknown;
  try {
    code = (JSON.parse(body) as { code?: unknown } | null)?.code;
  } catch {
    return send(res, 400, 'The request body is not valid JSON.');
  }
  const session = ctx.auth.tradeCode(code);
  if (session === null) return send(res, 401, USED_LINK);
  sendJson(res, { session });
}

function serveTicket(ctx: RouteContext, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'POST') return send(res, 405, 'Method not allowed');
  if (!byHeader(ctx, req)) return refuseCredential(res);
  // Nothing is read from the body; drain it so the connection can serve the next request.
  req.resume();
  sendJson(res, { ticket: ctx.auth.newTicket() });
}

function serveInvoke(
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): void | Promise<void> {
  let command: string;
  try {
    command = decodeURIComponent(url.pathname.slice(INVOKE_PREFIX.length));
  } catch {
    return send(res, 400, 'Bad request');
  }
  return invoke(ctx, req, res, command);
}

async function invoke(
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  command: string,
): Promise<void> {
  if (req.method !== 'POST') return send(res, 405, 'Method not allowed');
  if (!byHeader(ctx, req)) return refuseCredential(res);
  const body = await readBody(req, ctx.maxBodyBytes);
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
    result = await ctx.core.invoke(command as CommandName, payload);
  } catch (error) {
    // The core promises never to throw; if it does, the window still gets an envelope.
    ctx.logger.error('browser host: core.invoke threw', { command, error: String(error) });
    result = { ok: false, error: { code: 'internal', message: 'Outpost hit an internal error.' } };
  }
  // The events the command emitted go out before its answer, as they came from the core.
  ctx.eventStreams.flush();
  sendJson(res, result);
}

function serveEvents(ctx: RouteContext, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'GET') return send(res, 405, 'Method not allowed');
  const ticket = url.searchParams.get(TICKET_PARAM);
  const allowed = ticket !== null ? ctx.auth.redeemTicket(ticket) : byHeader(ctx, req);
  if (!allowed) return refuseCredential(res);
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'keep-alive',
  });
  staysOpen(res);
  ctx.eventStreams.add(res);
}

function serveStatic(ctx: RouteContext, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed');
  // The page trades the code itself; here a spent one (from history, a terminal) opens nothing.
  if (url.searchParams.has(CODE_PARAM) && !ctx.auth.isLiveCode(url.searchParams.get(CODE_PARAM))) {
    return send(res, 401, USED_LINK);
  }
  const file = resolveRendererFile(ctx.rendererDir, url.pathname);
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
  streamFile(file, res);
}

/** The first route whose path fits answers; every other path under /bridge/ is unknown. */
const ROUTES: readonly Route[] = [
  { path: INVOKE_PREFIX, prefix: true, serve: serveInvoke },
  { path: SESSION_PATH, serve: serveSession },
  { path: TICKET_PATH, serve: serveTicket },
  { path: EVENTS_PATH, serve: serveEvents },
  { path: '/bridge/', prefix: true, serve: (_ctx, _req, res) => send(res, 404, 'Not found') },
  { path: '/', prefix: true, serve: serveStatic },
];

function routeFor(pathname: string): Route | undefined {
  return ROUTES.find((route) => (route.prefix ? pathname.startsWith(route.path) : pathname === route.path));
}

export function createRoutes(options: RoutesOptions): Routes {
  const ctx: RouteContext = { ...options, eventStreams: new EventStreams(options.core) };

  function failed(res: ServerResponse) {
    return (error: unknown): void => {
      ctx.logger.error('browser host: request failed', { error: String(error) });
      if (!res.headersSent) send(res, 500, 'Internal error');
      else res.destroy();
    };
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const refusal = refusalOf(req, ctx.port());
    if (refusal !== null) return send(res, refusal.status, refusal.message);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    } catch {
      return send(res, 400, 'Bad request');
    }
    const route = routeFor(url.pathname);
    if (route === undefined) return send(res, 404, 'Not found');
    route.serve(ctx, req, res, url)?.catch(failed(res));
  }

  return {
    handle,
    endEventStreams: () => ctx.eventStreams.endAll(),
  };
}
