import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { FaultInjector, FaultOutcome } from './faults';
import {
  clamp,
  integerParam,
  isJsonContentType,
  parseJson,
  readBody,
  sendError,
  sendJson,
  type ErrorShape,
} from './http-util';
import { HttpError, TOKEN_PREFIX, type Page, type SandboxService, type VariantPatch } from './service';
import type { ControlSurface } from './control';
import { answerAboutAnotherRecord, handleNotKept, normalizeTextFields, type Handled } from './answer-faults';

export class Stats {
  requests = 0;
  private routes = new Map<string, number>();
  /** API requests by the token they carried (valid or not), so tests see which token went where. */
  private tokens = new Map<string, number>();

  count(key: string): void {
    this.requests += 1;
    this.routes.set(key, (this.routes.get(key) ?? 0) + 1);
  }

  countToken(token: string): void {
    this.tokens.set(token, (this.tokens.get(token) ?? 0) + 1);
  }

  byRoute(): Record<string, number> {
    return Object.fromEntries(this.routes);
  }

  byToken(): Record<string, number> {
    return Object.fromEntries(this.tokens);
  }

  private readonly created: Array<{ kind: 'post' | 'variant'; text: string }> = [];

  /** A create request that reached handling (or the caching proxy), with its text as sent. */
  countCreate(pattern: string, method: string, body: unknown): void {
    if (method !== 'POST' || body === null || typeof body !== 'object') return;
    const b = body as { title?: unknown; content?: unknown };
    if (pattern === '/api/workspaces/:slug/posts/' && typeof b.title === 'string')
      this.created.push({ kind: 'post', text: b.title });
    if (pattern === '/api/workspaces/:slug/posts/:post_id/variants/' && typeof b.content === 'string')
      this.created.push({ kind: 'variant', text: b.content });
  }

  creates(): Array<{ kind: 'post' | 'variant'; text: string }> {
    return [...this.created];
  }

  reset(): void {
    this.created.length = 0;
    this.requests = 0;
    this.routes.clear();
    this.tokens.clear();
  }
}

export interface AppContext {
  service: SandboxService;
  faults: FaultInjector;
  stats: Stats;
  errorShape: ErrorShape;
  control: ControlSurface | null;
  /** The member who makes look-alikes (`lookalike_after_write`): bob in the test seed. */
  otherUser: string;
}

interface RequestInfo {
  user: string;
  params: string[];
  query: URLSearchParams;
  body: unknown;
}

type Handler = (ctx: AppContext, info: RequestInfo) => { status: number; body: unknown };

interface Route {
  pattern: string;
  regex: RegExp;
  methods: Partial<Record<string, Handler>>;
}

// --- request bodies ---------------------------------------------------------------------------

/** ISO 8601 with a time zone designator; stored and answered as UTC with "Z". */
const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A real instant: Date.parse alone rolls a day that does not exist over into the next month
 * (2030-02-30 becomes 2030-03-02), which would silently move a scheduled publication.
 */
function isIsoTimestamp(value: string): boolean {
  const match = ISO_TIMESTAMP.exec(value);
  if (!match || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

const timestamp = z.string().refine(isIsoTimestamp, {
  message: 'expected an ISO 8601 timestamp with a time zone, e.g. 2030-01-31T09:00:00Z',
});

const createPostBody = z.object({
  title: z.string().max(500),
  visibility: z.enum(['workspace', 'private']).optional(),
});

const createVariantBody = z.object({
  platform: z.string().trim().min(1).max(50),
  content: z.string().max(100_000),
  social_profile_id: z.string().min(1).nullable().optional(),
});

const patchVariantBody = z.object({
  content: z.string().max(100_000).optional(),
  scheduled_at: timestamp.nullable().optional(),
  social_profile_id: z.string().min(1).nullable().optional(),
});

function validate<T>(schema: z.ZodType<T>, body: unknown): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'invalid', 'body: expected a JSON object');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const message = result.error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
  throw new HttpError(400, 'invalid', message);
}

// --- handlers ---------------------------------------------------------------------------------

function parsePage(query: URLSearchParams, maxLimit: number): { page: Page | null; offset: number } {
  const limit = integerParam(query, 'limit');
  // Negative counts as 0; an offset beyond any real list is capped so SQLite still gets an integer.
  const offset = clamp(integerParam(query, 'offset') ?? 0, 0, Number.MAX_SAFE_INTEGER);
  return { page: limit === null ? null : { limit: clamp(limit, 1, maxLimit), offset }, offset };
}

const listWorkspaces: Handler = ({ service }, { user }) => ({
  status: 200,
  body: service.listWorkspaces(user).map((w) => ({ slug: w.slug, name: w.name, role: w.role })),
});

const listPosts: Handler = ({ service }, { user, params, query }) => {
  const slug = params[0]!;
  const { page, offset } = parsePage(query, 100);
  if (!page)
    return {
      status: 200,
      body: service
        .listPosts(user, slug)
        .slice(offset)
        .map((p) => service.postJson(p)),
    };
  const { rows, count } = service.pagePosts(user, slug, page);
  return {
    status: 200,
    body: { results: rows.map((p) => service.postJson(p)), count, limit: page.limit, offset: page.offset },
  };
};

const createPost: Handler = ({ service }, { user, params, body }) => {
  const input = validate(createPostBody, body);
  return { status: 201, body: service.postJson(service.createPost(user, params[0]!, input)) };
};

const getPost: Handler = ({ service }, { user, params }) => ({
  status: 200,
  body: service.postJson(service.getPost(user, params[0]!, params[1]!)),
});

const listVariants: Handler = ({ service }, { user, params }) => {
  const post = service.getPost(user, params[0]!, params[1]!);
  return { status: 200, body: service.listVariants(post).map((v) => service.variantJson(v, post)) };
};

/** With numeric JSON ids a client may send social_profile_id back as the number it received. */
function acceptNumericProfileId(service: SandboxService, body: unknown): unknown {
  if (!service.idsAsNumbers || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const value = (body as Record<string, unknown>).social_profile_id;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return body;
  return { ...body, social_profile_id: String(value) };
}

const createVariant: Handler = ({ service }, { user, params, body }) => {
  const post = service.getPost(user, params[0]!, params[1]!);
  const input = validate(createVariantBody, acceptNumericProfileId(service, body));
  return { status: 201, body: service.variantJson(service.createVariant(user, post, input), post) };
};

const patchVariant: Handler = ({ service }, { user, params, body }) => {
  service.countPatch(params[2]!);
  const post = service.getPost(user, params[0]!, params[1]!);
  const input = validate(patchVariantBody, acceptNumericProfileId(service, body));
  const patch: VariantPatch = {};
  if (input.content !== undefined) patch.content = input.content;
  if (input.social_profile_id !== undefined) patch.social_profile_id = input.social_profile_id;
  if (input.scheduled_at !== undefined) {
    patch.scheduled_at = input.scheduled_at === null ? null : new Date(input.scheduled_at).toISOString();
  }
  if (Object.keys(patch).length === 0) {
    throw new HttpError(
      400,
      'invalid',
      'body: give at least one of scheduled_at, content, social_profile_id',
    );
  }
  return {
    status: 200,
    body: service.variantJson(service.patchVariant(user, post, params[2]!, patch), post),
  };
};

const publishVariant: Handler = ({ service }, { user, params }) => {
  const post = service.getPost(user, params[0]!, params[1]!);
  return { status: 200, body: service.variantJson(service.publishVariant(user, post, params[2]!), post) };
};

const listActivity: Handler = ({ service }, { user, params, query }) => {
  const post = service.getPost(user, params[0]!, params[1]!);
  const { page, offset } = parsePage(query, 100);
  if (!page)
    return {
      status: 200,
      body: service
        .listActivity(post)
        .slice(offset)
        .map((a) => service.activityJson(a)),
    };
  const { rows, count } = service.pageActivity(post, page);
  return {
    status: 200,
    body: {
      results: rows.map((a) => service.activityJson(a)),
      count,
      limit: page.limit,
      offset: page.offset,
    },
  };
};

const listProfiles: Handler = ({ service }, { params, query }) => ({
  status: 200,
  body: service.listProfiles(params[0]!, query.get('type')).map((p) => service.profileJson(p)),
});

const listSkills: Handler = ({ service }, { user, params, query }) => {
  const { page, offset } = parsePage(query, 200);
  const rows = service.listSkills(user, params[0]!, page ?? { limit: 200, offset });
  return { status: 200, body: rows.map((s) => service.skillJson(s)) };
};

// --- routing ----------------------------------------------------------------------------------

function route(pattern: string, methods: Route['methods']): Route {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('/');
  return { pattern, regex: new RegExp(`^${source}$`), methods };
}

const W = '/api/workspaces/:slug';
const ROUTES: Route[] = [
  route('/api/workspaces/', { GET: listWorkspaces }),
  route(`${W}/posts/`, { GET: listPosts, POST: createPost }),
  route(`${W}/posts/:post_id/`, { GET: getPost }),
  route(`${W}/posts/:post_id/variants/`, { GET: listVariants, POST: createVariant }),
  route(`${W}/posts/:post_id/variants/:variant_id/`, { PATCH: patchVariant }),
  route(`${W}/posts/:post_id/variants/:variant_id/publish/`, { POST: publishVariant }),
  route(`${W}/posts/:post_id/activity/`, { GET: listActivity }),
  route(`${W}/social-profiles/`, { GET: listProfiles }),
  route(`${W}/skills/`, { GET: listSkills }),
];

/**
 * `lookalike_after_write`: at the moment the caller's create commits, another member creates an
 * identical post (same title, visible to the workspace) or variant (same platform and content,
 * same account choice, same post), so a read-back finds two candidates that match.
 */
function createLookalike(
  ctx: AppContext,
  pattern: string,
  method: string,
  params: string[],
  body: unknown,
): void {
  if (method !== 'POST') return;
  const { service } = ctx;
  if (pattern === `${W}/posts/`) {
    const input = validate(createPostBody, body);
    service.createPost(ctx.otherUser, params[0]!, { title: input.title, visibility: 'workspace' });
  } else if (pattern === `${W}/posts/:post_id/variants/`) {
    const post = service.db.q.postById.get(params[1]!);
    if (!post) return;
    service.createVariant(
      ctx.otherUser,
      post,
      validate(createVariantBody, acceptNumericProfileId(service, body)),
    );
  }
}

/** A complete 2xx answer that is not JSON: what a proxy or captive portal in the way sends. */
const GARBAGE_PAGE =
  '<!doctype html>\n<html><head><title>Welcome</title></head><body><h1>Welcome</h1>' +
  '<p>Your request is being processed. Please wait.</p></body></html>\n';

/** Answers a handled request the way an after-write fault says; false when it does not apply. */
function answerFaulty(
  req: IncomingMessage,
  res: ServerResponse,
  outcome: FaultOutcome | null,
  result: { status: number; body: unknown },
): boolean {
  switch (outcome?.kind) {
    case 'drop_after_write':
    case 'lookalike_after_write':
      // The change is committed; the client never learns it.
      req.socket.destroy();
      return true;
    case 'garbage_after_write':
      res.writeHead(result.status, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': Buffer.byteLength(GARBAGE_PAGE),
      });
      res.end(GARBAGE_PAGE);
      return true;
    case 'truncate_after_write': {
      // The headers promise the whole body; half of it arrives, then the connection is gone.
      const full = Buffer.from(JSON.stringify(result.body), 'utf8');
      res.writeHead(result.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': full.length,
      });
      res.write(full.subarray(0, Math.max(1, Math.floor(full.length / 2))), () => req.socket.destroy());
      return true;
    }
    case 'oversize_answer': {
      // Valid JSON, same value: the answer padded with trailing whitespace past `bytes`.
      const text = Buffer.from(JSON.stringify(result.body), 'utf8');
      const padded = Buffer.concat([text, Buffer.alloc(Math.max(0, outcome.bytes + 1 - text.length), 0x20)]);
      res.writeHead(result.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': padded.length,
      });
      res.end(padded);
      return true;
    }
    default:
      return false;
  }
}

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

function matchRoute(path: string): { route: Route; params: string[] } | null {
  for (const candidate of ROUTES) {
    const match = candidate.regex.exec(path);
    if (!match) continue;
    try {
      return { route: candidate, params: match.slice(1).map((p) => decodeURIComponent(p)) };
    } catch {
      return null;
    }
  }
  return null;
}

/** `X-API-Key` wins when both headers are sent. */
function tokenOf(req: IncomingMessage): string | null {
  const apiKey = req.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey !== '') return apiKey.trim();
  const authorization = req.headers.authorization;
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1]! : '';
}

function authenticate(ctx: AppContext, req: IncomingMessage): string {
  const token = tokenOf(req);
  if (token) ctx.stats.countToken(token);
  if (token === null)
    throw new HttpError(401, 'unauthorized', 'missing token: send X-API-Key or Authorization: Bearer');
  if (!token.startsWith(TOKEN_PREFIX) || token.length <= TOKEN_PREFIX.length) {
    throw new HttpError(401, 'unauthorized', `malformed token: expected ${TOKEN_PREFIX}<secret>`);
  }
  const user = ctx.service.authenticate(token);
  if (!user) throw new HttpError(401, 'unauthorized', 'invalid or revoked token');
  return user;
}

/** The request handler for the whole server: control surface, faults, then the API. */
export function createHandler(ctx: AppContext): (req: IncomingMessage, res: ServerResponse) => void {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));

    if (path.startsWith('/_control/')) {
      if (!ctx.control) throw new HttpError(404, 'not_found', `no route for ${method} ${path}`);
      await ctx.control.handle(req, res, method, path, query);
      return;
    }

    const matched = matchRoute(path);
    ctx.stats.count(`${method} ${matched ? matched.route.pattern : '(unmatched)'}`);

    const decision = ctx.faults.active
      ? ctx.faults.decide(method, path)
      : { latencyMs: 0, normalizeText: false, outcome: null };
    if (decision.latencyMs > 0) {
      // Stop waiting when the client gives up, so a long injected delay never outlives the test.
      const gone = new AbortController();
      res.once('close', () => gone.abort());
      try {
        await sleep(decision.latencyMs, undefined, { signal: gone.signal });
      } catch {
        return;
      }
    }
    const outcome = decision.outcome;
    if (outcome?.kind === 'drop_before_write') {
      req.socket.destroy();
      return;
    }
    if (outcome?.kind === 'status') {
      if (outcome.status === 400) throw new HttpError(400, 'invalid', 'injected fault: refused (400)');
      if (outcome.status === 409) throw new HttpError(409, 'conflict', 'injected fault: refused (409)');
      const wait: Record<string, string> =
        outcome.retryAfterSeconds === null ? {} : { 'Retry-After': String(outcome.retryAfterSeconds) };
      throw new HttpError(outcome.status, 'server_error', `injected fault: ${outcome.status}`, wait);
    }
    if (outcome?.kind === 'retry_after') {
      throw new HttpError(429, 'rate_limited', 'rate limited: retry later', {
        'Retry-After': String(outcome.retryAfterSeconds),
      });
    }

    if (!matched) throw new HttpError(404, 'not_found', `no route for ${method} ${path}`);
    const handler = matched.route.methods[method];
    if (!handler) {
      throw new HttpError(
        405,
        'method_not_allowed',
        `method ${method} not allowed on ${matched.route.pattern}`,
        {
          Allow: Object.keys(matched.route.methods).join(', '),
        },
      );
    }
    const user = authenticate(ctx, req);
    if (matched.route.pattern !== '/api/workspaces/') ctx.service.requireMember(user, matched.params[0]!);

    let body: unknown = undefined;
    if (WRITE_METHODS.has(method)) {
      if (!isJsonContentType(req.headers['content-type'])) {
        throw new HttpError(415, 'unsupported_media_type', 'writes must send Content-Type: application/json');
      }
      body = parseJson(await readBody(req));
    } else {
      req.resume();
    }

    const pattern = matched.route.pattern;
    const middlemen = ctx.service.middlemen;
    ctx.stats.countCreate(pattern, method, body);
    // A caching proxy answers an identical create from its cache: the service never sees it.
    const cached = middlemen.cached(method, pattern, path, body);
    if (cached !== null) return sendJson(res, cached.status, cached.body);
    const info = {
      user,
      params: matched.params,
      query,
      body: middlemen.stored(decision.normalizeText ? normalizeTextFields(body) : body),
    };
    const handle = () => handler(ctx, info);
    let result: Handled;
    if (outcome?.kind === 'lookalike_after_write')
      // One transaction: nobody can tell which of the two came first.
      result = ctx.service.db.transaction(() => {
        const handled = handle();
        createLookalike(ctx, pattern, method, matched.params, body);
        return handled;
      });
    else if (outcome?.kind === 'not_kept' && method === 'PATCH') {
      const [slug, postId, variantId] = matched.params as [string, string, string];
      result = handleNotKept(ctx.service, handle, { user, slug, postId, variantId }, outcome.echo);
    } else result = handle();
    if (outcome?.kind === 'other_record_after_write' && WRITE_METHODS.has(method))
      result = answerAboutAnotherRecord(ctx.service, pattern, user, matched.params, result);
    middlemen.remember(method, pattern, path, body, result);
    if (answerFaulty(req, res, outcome, result)) return;
    sendJson(res, result.status, result.body);
  };

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof HttpError) {
        // An unread body would otherwise be parsed as the next request on this keep-alive socket.
        if (!req.complete) req.resume();
        sendError(res, ctx.errorShape, error);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      sendError(res, ctx.errorShape, new HttpError(500, 'server_error', `internal error: ${message}`));
    });
  };
}
