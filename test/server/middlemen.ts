// Two plausible things between a client and the text it sent, switched on at run time: a service
// that stores text HTML-escaped (as some CMS-backed services do: `&` kept as `&amp;`), and a
// caching proxy in front of the service that answers a create with an earlier answer to the
// same request, without passing it on. Both answer 2xx; neither is an error a client can see.
import type { Handled } from './answer-faults';

export interface MiddlemanSwitches {
  /** `html`: `title` and `content` are stored (and answered) HTML-escaped. */
  escape_text: 'off' | 'html';
  /** `on`: a create identical to an earlier one (same route, same body) gets the earlier answer. */
  caching_proxy: 'off' | 'on';
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** The request's `title` and `content` as an escaping service stores them. */
export function escapeTextFields(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of ['title', 'content']) {
    const value = out[key];
    if (typeof value === 'string') out[key] = escapeHtml(value);
  }
  return out;
}

const CREATE_ROUTES = new Set([
  '/api/workspaces/:slug/posts/',
  '/api/workspaces/:slug/posts/:post_id/variants/',
]);

/**
 * The middlemen's state: the switches, and the proxy's cache of create answers, keyed by path
 * and body as sent (a proxy that treats a POST as cacheable keys it so).
 */
export class Middlemen {
  readonly switches: MiddlemanSwitches = { escape_text: 'off', caching_proxy: 'off' };
  readonly #cache = new Map<string, Handled>();
  /** Creates the proxy answered from its cache, never passed on to the service. */
  cacheHits = 0;

  set(patch: Partial<MiddlemanSwitches>): MiddlemanSwitches {
    if (patch.escape_text !== undefined) this.switches.escape_text = patch.escape_text;
    if (patch.caching_proxy !== undefined) {
      this.switches.caching_proxy = patch.caching_proxy;
      if (patch.caching_proxy === 'off') this.#cache.clear();
    }
    return { ...this.switches };
  }

  #key(method: string, pattern: string, path: string, body: unknown): string | null {
    if (this.switches.caching_proxy !== 'on' || method !== 'POST' || !CREATE_ROUTES.has(pattern)) return null;
    return `${path}\0${JSON.stringify(body)}`;
  }

  /** The cached answer the proxy gives instead of passing the request on, if any. */
  cached(method: string, pattern: string, path: string, body: unknown): Handled | null {
    const key = this.#key(method, pattern, path, body);
    const hit = key === null ? undefined : this.#cache.get(key);
    if (hit === undefined) return null;
    this.cacheHits += 1;
    return hit;
  }

  /** Remembers a create's 2xx answer for the next identical request. */
  remember(method: string, pattern: string, path: string, body: unknown, handled: Handled): void {
    const key = this.#key(method, pattern, path, body);
    if (key !== null && handled.status >= 200 && handled.status < 300) this.#cache.set(key, handled);
  }

  /** What the service stores of a request's body. */
  stored(body: unknown): unknown {
    return this.switches.escape_text === 'html' ? escapeTextFields(body) : body;
  }
}

/** A control-surface body as switches, or why not. */
export function parseSwitches(obj: Record<string, unknown>): Partial<MiddlemanSwitches> | string {
  const out: Partial<MiddlemanSwitches> = {};
  if (obj.escape_text !== undefined) {
    if (obj.escape_text !== 'off' && obj.escape_text !== 'html') return 'escape_text: expected off or html';
    out.escape_text = obj.escape_text;
  }
  if (obj.caching_proxy !== undefined) {
    if (obj.caching_proxy !== 'off' && obj.caching_proxy !== 'on') return 'caching_proxy: expected off or on';
    out.caching_proxy = obj.caching_proxy;
  }
  return out;
}
