// The Content Publishing Service client (shared/api-spec.md). One method per endpoint the
// spec shows; every failure becomes a ServiceError with one kind, so the sync engine can
// decide without knowing HTTP. Responses are validated (schemas.ts) and kept verbatim in `raw`.
import type { AuthHeaderStyle } from '../../../src-preload/bridge';
import { extractServiceMessage, parseRetryAfter, scrubSecrets, ServiceError } from './errors';
import {
  ENVELOPE_PAGE_LIMIT,
  nextEnvelopePage,
  nextSkillsPage,
  SKILLS_MAX_TOTAL,
  SKILLS_PAGE_LIMIT,
} from './pagination';
import {
  parseArray,
  parseEnvelope,
  parsePost,
  parseProfile,
  parseVariant,
  parseWorkspace,
  ShapeError,
  type ServicePost,
  type ServiceProfile,
  type ServiceVariant,
  type ServiceWorkspace,
} from './schemas';

export type { ServicePost, ServiceProfile, ServiceVariant, ServiceWorkspace } from './schemas';
export type { AuthHeaderStyle } from '../../../src-preload/bridge';

export interface ServiceClientOptions {
  baseUrl: string;
  token: string;
  authHeader: AuthHeaderStyle;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** For `Retry-After` dates; defaults to the system clock. */
  now?: () => Date;
  /** Largest response body read, in bytes (default 10 MB); larger is a malformed response. */
  maxBodyBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
/** The ServiceError code of an answer over the size limit: the status bar says it, not only the log. */
export const TOO_LARGE = 'TOO_LARGE';

// ---------------------------------------------------------------------------------------
// Settings validation

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return v4 !== null && v4[1] === '127' && v4.slice(1).every((part) => Number(part) <= 255);
}

/** Checks the service address and returns it normalized (no trailing slash). */
export function validateBaseUrl(input: string): string {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') throw new ServiceError('invalid_settings', 'Enter the service address.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ServiceError(
      'invalid_settings',
      'The service address is not a valid URL (for example https://cps.example.com).',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ServiceError('invalid_settings', 'The service address must start with https://.');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ServiceError(
      'invalid_settings',
      'The service address must use https:// (plain http is allowed only for this computer: localhost, 127.0.0.1 or ::1).',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new ServiceError(
      'invalid_settings',
      'The service address must not contain a user name or password; the token is entered separately.',
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ServiceError(
      'invalid_settings',
      'The service address must not contain a query (?) or fragment (#).',
    );
  }
  const segments = url.pathname.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.toLowerCase() === '_backend')) {
    throw new ServiceError(
      'invalid_settings',
      "This is the app's /_backend proxy address, which is only for the service's own web app. Use the API address instead.",
    );
  }
  const path = segments.length > 0 ? `/${segments.join('/')}` : '';
  return `${url.protocol}//${url.host}${path}`;
}

const TOKEN_FORM = /^[A-Za-z0-9][A-Za-z0-9-]*_pat_[\x21-\x7e]+$/;

/** Checks the token's form (`<service>_pat_<secret>`) and returns it trimmed; never echoes it. */
export function validateToken(token: string): string {
  const text = typeof token === 'string' ? token.trim() : '';
  if (text === '') throw new ServiceError('invalid_settings', 'Enter an access token.');
  if (!TOKEN_FORM.test(text)) {
    throw new ServiceError(
      'invalid_settings',
      'This does not look like a personal access token: it should have the form <service>_pat_<secret>, as created in the app, with no spaces.',
    );
  }
  return text;
}

// ---------------------------------------------------------------------------------------
// Transport failures

// Codes that mean the connection was never made: the request never reached the service.
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_FAIL',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
]);

function codesOf(error: unknown, depth = 0): string[] {
  if (depth > 4 || error === null || typeof error !== 'object') return [];
  const codes: string[] = [];
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof record.code === 'string') codes.push(record.code);
  if (Array.isArray(record.errors)) for (const e of record.errors) codes.push(...codesOf(e, depth + 1));
  if (record.cause !== undefined) codes.push(...codesOf(record.cause, depth + 1));
  return codes;
}

function causeMessage(error: unknown): string | null {
  const cause =
    error !== null && typeof error === 'object' ? (error as { cause?: unknown }).cause : undefined;
  return cause instanceof Error ? cause.message : null;
}

function isTimeout(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const name = (error as { name?: unknown }).name;
  if (name === 'TimeoutError') return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isTimeout(cause);
}

/** Maps a rejected fetch (or body read) to a ServiceError; `afterHeaders` means the response had begun. */
export function classifyTransportError(
  error: unknown,
  timeoutMs: number,
  afterHeaders = false,
): ServiceError {
  if (isTimeout(error)) {
    return new ServiceError(
      'timeout',
      `The service did not answer within ${Math.round(timeoutMs / 1000)} s; the request may or may not have been applied.`,
      { mayHaveReachedService: true, code: 'TIMEOUT' },
    );
  }
  const codes = codesOf(error);
  if (!afterHeaders && causeMessage(error) === 'bad port') {
    // fetch refuses ports set aside for other protocols (6000, 6667, ...) before connecting.
    return new ServiceError(
      'offline',
      'Could not reach the service: this port is reserved for another protocol, so no connection is made to it. Check the port in the service address.',
      { mayHaveReachedService: false, code: 'BAD_PORT' },
    );
  }
  const neverSent = !afterHeaders && codes.length > 0 && codes.every((c) => NEVER_SENT_CODES.has(c));
  const code = codes[0] ?? null;
  if (neverSent) {
    const certificate = codes.some((c) => c.includes('CERT') || c.startsWith('ERR_TLS'));
    return new ServiceError(
      'offline',
      certificate
        ? `Could not open a trusted connection to the service (${code}).`
        : `Could not reach the service (${code}).`,
      { mayHaveReachedService: false, code },
    );
  }
  return new ServiceError(
    'offline',
    `The connection to the service broke${code ? ` (${code})` : ''}; the request may or may not have been applied.`,
    { mayHaveReachedService: true, code },
  );
}

// ---------------------------------------------------------------------------------------
// The client

type Method = 'GET' | 'POST' | 'PATCH';

interface Answer {
  status: number;
  json: unknown;
}

function segment(value: string, what: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new ServiceError('invalid_settings', `Missing ${what}.`, { mayHaveReachedService: false });
  }
  return encodeURIComponent(value);
}

export class ServiceClient {
  readonly baseUrl: string;
  readonly authHeader: AuthHeaderStyle;
  readonly #token: string;
  readonly #secretPart: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #now: () => Date;
  readonly #maxBodyBytes: number;

  constructor(options: ServiceClientOptions) {
    this.baseUrl = validateBaseUrl(options.baseUrl);
    this.#token = validateToken(options.token);
    this.#secretPart = this.#token.slice(this.#token.indexOf('_pat_') + '_pat_'.length);
    if (options.authHeader !== 'bearer' && options.authHeader !== 'x-api-key') {
      throw new ServiceError('invalid_settings', 'The auth header style must be "bearer" or "x-api-key".', {
        mayHaveReachedService: false,
      });
    }
    this.authHeader = options.authHeader;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#now = options.now ?? (() => new Date());
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  }

  async listWorkspaces(): Promise<ServiceWorkspace[]> {
    const { json } = await this.#request('GET', '/api/workspaces/');
    return this.#shape(() => parseArray(json, 'workspaces').map(parseWorkspace));
  }

  async listProfiles(slug: string): Promise<ServiceProfile[]> {
    const path = `${this.#ws(slug)}social-profiles/?type=scheduling`;
    const { json } = await this.#request('GET', path);
    return this.#shape(() => parseArray(json, 'social profiles').map(parseProfile));
  }

  async listPosts(slug: string): Promise<ServicePost[]> {
    const rows = await this.#allEnvelopePages(`${this.#ws(slug)}posts/`, 'posts');
    const posts = this.#shape(() => rows.map(parsePost));
    // Rows can shift between pages while someone else writes; never report one post twice.
    const seen = new Set<string>();
    return posts.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
  }

  async getPost(slug: string, postId: string): Promise<ServicePost> {
    const { json } = await this.#request('GET', `${this.#ws(slug)}posts/${segment(postId, 'post id')}/`);
    return this.#shape(() => parsePost(json));
  }

  async createPost(slug: string, body: { title: string }): Promise<ServicePost> {
    const { json } = await this.#request('POST', `${this.#ws(slug)}posts/`, { title: body.title });
    return this.#shape(() => parsePost(json));
  }

  async listVariants(slug: string, postId: string): Promise<ServiceVariant[]> {
    const { json } = await this.#request('GET', `${this.#post(slug, postId)}variants/`);
    return this.#shape(() => parseArray(json, 'variants').map(parseVariant));
  }

  /** `social_profile_id` omitted (or undefined) lets the service pick; `null` is sent as null. */
  async createVariant(
    slug: string,
    postId: string,
    body: { platform: string; content: string; social_profile_id?: string | null },
  ): Promise<ServiceVariant> {
    const payload: Record<string, unknown> = { platform: body.platform, content: body.content };
    if (body.social_profile_id !== undefined) payload.social_profile_id = body.social_profile_id;
    const { json } = await this.#request('POST', `${this.#post(slug, postId)}variants/`, payload);
    return this.#shape(() => parseVariant(json));
  }

  async updateVariant(
    slug: string,
    postId: string,
    variantId: string,
    patch: { content?: string; scheduled_at?: string | null; social_profile_id?: string | null },
  ): Promise<ServiceVariant> {
    const payload: Record<string, unknown> = {};
    for (const key of ['content', 'scheduled_at', 'social_profile_id'] as const) {
      if (patch[key] !== undefined) payload[key] = patch[key];
    }
    const path = `${this.#post(slug, postId)}variants/${segment(variantId, 'variant id')}/`;
    const { json } = await this.#request('PATCH', path, payload);
    return this.#shape(() => parseVariant(json));
  }

  async publishVariant(slug: string, postId: string, variantId: string): Promise<ServiceVariant> {
    const path = `${this.#post(slug, postId)}variants/${segment(variantId, 'variant id')}/publish/`;
    const { json } = await this.#request('POST', path);
    return this.#shape(() => parseVariant(json));
  }

  /** One page of a post's activity; entries are returned as the service sent them. */
  async listActivity(
    slug: string,
    postId: string,
    page: { limit: number; offset: number },
  ): Promise<{ results: unknown[]; count: number; limit: number; offset: number }> {
    const limit = Math.min(ENVELOPE_PAGE_LIMIT, Math.max(1, Math.trunc(page.limit)));
    const offset = Math.max(0, Math.trunc(page.offset));
    const { json } = await this.#request(
      'GET',
      `${this.#post(slug, postId)}activity/?limit=${limit}&offset=${offset}`,
    );
    const envelope = this.#shape(() => parseEnvelope(json, 'activity'));
    if (envelope.bare) {
      // A service that ignored `limit` sent everything: serve the requested window of it.
      return {
        results: envelope.results.slice(offset, offset + limit),
        count: envelope.results.length,
        limit,
        offset,
      };
    }
    return {
      results: envelope.results,
      count: envelope.count,
      limit: envelope.limit ?? limit,
      offset: envelope.offset ?? offset,
    };
  }

  /** Every skill, up to the service's bound of the newest 200 (spec section 8). */
  async listSkills(slug: string): Promise<unknown[]> {
    const all: unknown[] = [];
    let offset = 0;
    for (;;) {
      const path = `${this.#ws(slug)}skills/?limit=${SKILLS_PAGE_LIMIT}&offset=${offset}`;
      const { json } = await this.#request('GET', path);
      const rows = this.#shape(() => parseArray(json, 'skills'));
      all.push(...rows);
      const decision = nextSkillsPage({
        offset,
        requestedLimit: SKILLS_PAGE_LIMIT,
        received: rows.length,
        total: all.length,
      });
      if (decision.action === 'stop') break;
      offset = decision.offset;
    }
    return all.slice(0, SKILLS_MAX_TOTAL);
  }

  // -------------------------------------------------------------------------------------

  #ws(slug: string): string {
    return `/api/workspaces/${segment(slug, 'workspace slug')}/`;
  }

  #post(slug: string, postId: string): string {
    return `${this.#ws(slug)}posts/${segment(postId, 'post id')}/`;
  }

  async #allEnvelopePages(path: string, what: string): Promise<unknown[]> {
    const rows: unknown[] = [];
    let offset = 0;
    // A hard stop well past any real count, in case a service reports counts that never settle.
    for (let pages = 0; pages < 100_000; pages++) {
      const { json } = await this.#request('GET', `${path}?limit=${ENVELOPE_PAGE_LIMIT}&offset=${offset}`);
      const envelope = this.#shape(() => parseEnvelope(json, what));
      rows.push(...envelope.results);
      if (envelope.bare) break;
      const decision = nextEnvelopePage({
        offset: envelope.offset ?? offset,
        limit: envelope.limit ?? ENVELOPE_PAGE_LIMIT,
        count: envelope.count,
        received: envelope.results.length,
      });
      if (decision.action === 'stop') break;
      offset = decision.offset;
    }
    return rows;
  }

  #shape<T>(parse: () => T): T {
    try {
      return parse();
    } catch (error) {
      if (error instanceof ShapeError) {
        throw new ServiceError(
          'malformed_response',
          `The service sent an unexpected answer: ${this.#clean(error.message)}.`,
          {
            mayHaveReachedService: true,
          },
        );
      }
      throw error;
    }
  }

  #clean(text: string): string {
    return scrubSecrets(text, [this.#token, this.#secretPart]);
  }

  /** Like #clean, for JSON text: the token as JSON encodes it (quotes and backslashes escaped). */
  #cleanJson(text: string): string {
    if (!text.includes(this.#secretPart)) {
      const encoded = JSON.stringify(this.#secretPart).slice(1, -1);
      if (encoded === this.#secretPart || !text.includes(encoded)) return text;
    }
    const secrets = [this.#token, this.#secretPart].flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]);
    return scrubSecrets(text, secrets);
  }

  async #request(method: Method, path: string, body?: Record<string, unknown>): Promise<Answer> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.authHeader === 'bearer') headers.Authorization = `Bearer ${this.#token}`;
    else headers['X-API-Key'] = this.#token;
    // The spec asks every write to say it is JSON, the body-less publish included.
    if (method !== 'GET') headers['Content-Type'] = 'application/json';

    // One timer for the whole exchange, answer and body, cleared as soon as it is over:
    // AbortSignal.timeout's timer cannot be cleared, so every request left one running.
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new DOMException('The operation timed out.', 'TimeoutError')),
      this.#timeoutMs,
    );
    let response: Response;
    let text: string;
    try {
      try {
        response = await this.#fetch(`${this.baseUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: abort.signal,
          // A redirect could carry the token to another host; treat it as a settings problem.
          redirect: 'manual',
        });
      } catch (error) {
        throw classifyTransportError(error, this.#timeoutMs);
      }
      text = await this.#readBody(response);
    } finally {
      clearTimeout(timer);
    }
    const status = response.status;

    if (status >= 200 && status < 300) {
      if (text.trim() === '') {
        throw new ServiceError('malformed_response', `The service answered ${status} with an empty body.`, {
          status,
          mayHaveReachedService: true,
        });
      }
      try {
        // Answers are kept verbatim in the database: an echoed token must not be among them.
        return { status, json: JSON.parse(this.#cleanJson(text)) as unknown };
      } catch {
        throw new ServiceError(
          'malformed_response',
          `The service answered ${status} with a body that is not JSON.`,
          {
            status,
            mayHaveReachedService: true,
          },
        );
      }
    }
    throw this.#statusError(response, text);
  }

  /** Reads the whole body (so the socket goes back to the pool), capped at maxBodyBytes. */
  async #readBody(response: Response): Promise<string> {
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > this.#maxBodyBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw this.#tooBig(response.status);
    }
    if (response.body === null) return '';
    if (Number.isFinite(declared) && response.headers.has('content-length')) {
      // The length is known and within bounds, and fetch refuses a body longer than declared:
      // read it in one go.
      try {
        return await response.text();
      } catch (error) {
        throw classifyTransportError(error, this.#timeoutMs, true);
      }
    }
    const reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > this.#maxBodyBytes) {
          await reader.cancel().catch(() => undefined);
          throw this.#tooBig(response.status);
        }
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      throw classifyTransportError(error, this.#timeoutMs, true);
    } finally {
      reader.releaseLock();
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
  }

  #tooBig(status: number): ServiceError {
    return new ServiceError(
      'malformed_response',
      `The service's answer is larger than ${Math.round(this.#maxBodyBytes / (1024 * 1024))} MB; it was not read.`,
      { status, mayHaveReachedService: true, code: TOO_LARGE },
    );
  }

  #statusError(response: Response, text: string): ServiceError {
    const status = response.status;
    // Scrubbed before the message is clipped (a clip could cut a token in two) and after it is
    // parsed (JSON escapes could hide one from the first pass).
    const found = extractServiceMessage(this.#clean(text));
    const serviceMessage = found === null ? null : this.#clean(found);
    // The status line and headers are service text too: a service may echo what it was sent.
    const reason = this.#clean(response.statusText);
    const statusLine = `${status}${reason ? ` ${reason}` : ''}`;
    const said = serviceMessage ?? statusLine;

    if (status >= 300 && status < 400) {
      const location = this.#clean(response.headers.get('location') ?? '').slice(0, 500);
      return new ServiceError(
        'invalid_settings',
        `The service address redirects elsewhere (${statusLine}${location ? ` to ${location}` : ''}); enter the API address it redirects to.`,
        { status, serviceMessage, mayHaveReachedService: true },
      );
    }
    if (status === 401 || status === 403) {
      return new ServiceError(
        'auth',
        status === 401
          ? `The service did not accept the access token (${said}). Enter a new token.`
          : `The access token is not allowed to do this (${said}).`,
        { status, serviceMessage },
      );
    }
    if (status === 408) {
      // The service gave up waiting for the request: treat it like our own timeout (read back).
      return new ServiceError('timeout', `The service timed out the request (${said}).`, {
        status,
        serviceMessage,
      });
    }
    if (status === 404) {
      return new ServiceError('not_found', `Not found on the service (${said}).`, { status, serviceMessage });
    }
    if (status === 429 || status === 503) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.#now());
      const wait = retryAfterMs === null ? '' : ` Retry after ${Math.ceil(retryAfterMs / 1000)} s.`;
      return new ServiceError(
        'rate_limited',
        status === 429
          ? `The service asks to slow down (${said}).${wait}`
          : `The service is temporarily unavailable (${said}).${wait}`,
        { status, serviceMessage, retryAfterMs },
      );
    }
    if (status >= 400 && status < 500) {
      return new ServiceError(
        'validation',
        serviceMessage ?? `The service refused the request (${statusLine}).`,
        {
          status,
          serviceMessage,
        },
      );
    }
    if (status >= 500) {
      return new ServiceError('server_error', `The service failed (${said}).`, { status, serviceMessage });
    }
    return new ServiceError(
      'malformed_response',
      `The service answered with an unexpected status (${statusLine}).`,
      {
        status,
        serviceMessage,
      },
    );
  }
}
