// The Content Publishing Service client. One method per endpoint of the service's published
// API; every failure becomes a ServiceError with one kind, so the sync engine can
// decide without knowing HTTP. Responses are validated (schemas.ts) and kept verbatim in `raw`.
import type { AuthHeaderStyle } from '@preload/bridge';
import type { AnswerWatch } from './answer-watch';
import { ServiceError } from './errors';
import { Redactor } from './redaction';
import { validateBaseUrl, validateToken } from './settings-checks';
import { statusError } from './status-errors';
import { fetchWire, type Wire } from './wire';
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
export type { AuthHeaderStyle } from '@preload/bridge';

export interface ServiceClientOptions {
  baseUrl: string;
  token: string;
  authHeader: AuthHeaderStyle;
  timeoutMs?: number;
  /** How requests travel (a thread of their own in the app); default `fetch` on this thread. */
  wire?: Wire;
  /** The `fetch` of the default wire (tests pass their own). */
  fetch?: typeof fetch;
  /** For `Retry-After` dates; defaults to the system clock. */
  now?: () => Date;
  /** Largest response body read, in bytes (default 10 MB); larger is a malformed response. */
  maxBodyBytes?: number;
  /**
   * Where the whole of an error answer goes (the log file): a person is shown one plain line
   * of it, and a stack trace or a proxy's HTML page is kept here for whoever looks into it.
   */
  logErrorAnswer?: (message: string, fields: Record<string, unknown>) => void;
  /** Hears the status of every answer (the sync engine tells a failing service from there). */
  watch?: Pick<AnswerWatch, 'answered'>;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
/** The most of an error answer's body written to the log. */
const LOGGED_BODY_CHARS = 64 * 1024;

export { isLoopbackHost, validateBaseUrl, validateToken, withoutApiSuffix } from './settings-checks';
export { classifyTransportError } from './transport-errors';
export { TOO_LARGE } from './read-body';

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
  /** Knows the token: every answer and error text is scrubbed of it, in any encoding, on arrival. */
  readonly #redactor = new Redactor();
  readonly #timeoutMs: number;
  readonly #wire: Wire;
  readonly #now: () => Date;
  readonly #maxBodyBytes: number;
  readonly #logErrorAnswer: ServiceClientOptions['logErrorAnswer'];
  readonly #watch: ServiceClientOptions['watch'];

  constructor(options: ServiceClientOptions) {
    this.baseUrl = validateBaseUrl(options.baseUrl);
    this.#token = validateToken(options.token);
    this.#redactor.add(this.#token);
    if (options.authHeader !== 'bearer' && options.authHeader !== 'x-api-key') {
      throw new ServiceError('invalid_settings', 'The auth header style must be "bearer" or "x-api-key".', {
        mayHaveReachedService: false,
      });
    }
    this.authHeader = options.authHeader;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#wire = options.wire ?? fetchWire(options.fetch);
    this.#now = options.now ?? (() => new Date());
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.#logErrorAnswer = options.logErrorAnswer;
    this.#watch = options.watch;
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
    const posts: ServicePost[] = [];
    // Rows can shift between pages while someone else writes; never report one post twice.
    const seen = new Set<string>();
    for await (const page of this.postsPages(slug)) {
      for (const p of page) if (!seen.has(p.id)) posts.push((seen.add(p.id), p));
    }
    return posts;
  }

  /**
   * The workspace's complete post listing a page at a time, each page checked as it comes, so
   * a caller can merge a page and let it go before the next is read. A post that shifted
   * between pages while someone else wrote can come twice.
   */
  async *postsPages(slug: string): AsyncGenerator<ServicePost[]> {
    for await (const rows of this.#envelopePages(`${this.#ws(slug)}posts/`, 'posts')) {
      yield this.#shape(() => rows.map(parsePost));
    }
  }

  /**
   * The first page of the workspace's posts and their total, through the counted envelope:
   * `limit` 1 is the cheapest way to learn whether posts came or went (spec section 8). The
   * page's order is the service's own, not promised.
   */
  async firstPostsPage(slug: string, limit: number): Promise<{ posts: ServicePost[]; count: number }> {
    const size = Math.min(ENVELOPE_PAGE_LIMIT, Math.max(1, Math.trunc(limit)));
    const { json } = await this.#request('GET', `${this.#ws(slug)}posts/?limit=${size}&offset=0`);
    const envelope = this.#shape(() => parseEnvelope(json, 'posts'));
    // A service that ignored `limit` sent every post: its length is the count.
    const posts = this.#shape(() => envelope.results.slice(0, size).map(parsePost));
    return { posts, count: envelope.count };
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

  async *#envelopePages(path: string, what: string): AsyncGenerator<unknown[]> {
    let offset = 0;
    // A hard stop well past any real count, in case a service reports counts that never settle.
    for (let pages = 0; pages < 100_000; pages++) {
      const { json } = await this.#request('GET', `${path}?limit=${ENVELOPE_PAGE_LIMIT}&offset=${offset}`);
      const envelope = this.#shape(() => parseEnvelope(json, what));
      yield envelope.results;
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
    return this.#redactor.clean(text);
  }

  async #request(method: Method, path: string, body?: Record<string, unknown>): Promise<Answer> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.authHeader === 'bearer') headers.Authorization = `Bearer ${this.#token}`;
    else headers['X-API-Key'] = this.#token;
    // The spec asks every write to say it is JSON, the body-less publish included.
    if (method !== 'GET') headers['Content-Type'] = 'application/json';

    const answer = await this.#wire({
      method,
      url: `${this.baseUrl}${path}`,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      timeoutMs: this.#timeoutMs,
      maxBodyBytes: this.#maxBodyBytes,
    });
    const { status, text } = answer;

    if (status >= 200 && status < 300) {
      this.#watch?.answered(status, null);
      if (text.trim() === '') {
        throw new ServiceError('malformed_response', `The service answered ${status} with an empty body.`, {
          status,
          mayHaveReachedService: true,
        });
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
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
      // Answers are kept in the database and shown: an echoed token, however encoded and
      // however deep, leaves here, before anything else sees the answer.
      return { status, json: this.#redactor.cleanParsed(json, text) };
    }
    const head = { status, statusText: answer.statusText, headers: new Headers(answer.headers) };
    const error = statusError(head, text, { clean: (t) => this.#clean(t), now: this.#now });
    this.#watch?.answered(status, error.retryAfterMs);
    this.#logErrorAnswer?.(`the service answered ${method} ${path} with ${status}`, {
      shown: error.message,
      body: this.#clean(text).slice(0, LOGGED_BODY_CHARS),
    });
    throw error;
  }
}

/** The client for the connected service: null when not connected; throws (kind 'auth') without a token. */
export type ClientGetter = () => Promise<ServiceClient | null>;
