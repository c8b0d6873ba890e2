// What every request to the browser host must be before anything looks at its credential, and
// the limits its server runs with. Any web page the user visits, and any other local user, can
// send requests to 127.0.0.1: the shape checks keep DNS rebinding, proxies' absolute-form targets
// and smuggled second Host headers out; the limits keep a flood of slow or idle connections from
// taking the host down (connections.ts keeps them).
import type { IncomingMessage, ServerOptions } from 'node:http';

export interface HostLimits {
  /**
   * Connections open at once. A new one past the cap takes the place of the one that has done
   * nothing for longest (idle, or not taking its answer); when every one is busy, it is closed.
   */
  maxConnections: number;
  /** Requests one connection may have waiting for their answers; one more closes the connection. */
  maxQueuedRequests: number;
  /** How long an answer may wait for its client to take any of its bytes before the connection is closed. */
  writeTimeoutMs: number;
  /** Time to receive a request's headers. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, body included (not the answer: event streams stay open). */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection waits for its next request. */
  keepAliveTimeoutMs: number;
  /** How often the timeouts above are checked. */
  timeoutCheckMs: number;
  /**
   * Largest request head. Other servers on 127.0.0.1 can fill the browser's cookie jar for it
   * (cookies are not kept apart by port; a browser keeps up to ~180 of 4 KB per host), and the
   * browser sends them all here: too small a limit would lock the page out.
   */
  maxHeaderBytes: number;
}

export const DEFAULT_HOST_LIMITS: Readonly<HostLimits> = {
  maxConnections: 64,
  // A browser sends one request at a time on a connection; a script may pipeline a few.
  maxQueuedRequests: 4,
  writeTimeoutMs: 10_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  timeoutCheckMs: 1_000,
  maxHeaderBytes: 1024 * 1024,
};

export function serverOptions(limits: HostLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.timeoutCheckMs,
    maxHeaderSize: limits.maxHeaderBytes,
  };
}

export interface Refusal {
  status: 400 | 403;
  message: string;
}

/** Why a request is refused before routing, or null when it is addressed to this host by its own pages. */
export function refusalOf(req: IncomingMessage, port: number): Refusal | null {
  // Only origin-form targets ("/path?query"): an absolute-form one ("http://evil/") names
  // another host than the Host header, and "*" names none.
  if (!(req.url ?? '').startsWith('/')) return { status: 400, message: 'Bad request target' };
  // Node keeps the first of several Host headers; a proxy in front might keep another.
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]?.toLowerCase() === 'host') hosts++;
  }
  if (hosts !== 1) return { status: 400, message: 'Exactly one Host header is needed' };
  const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  // DNS rebinding: a page served from evil.example that resolves to 127.0.0.1 sends its own Host.
  if (!allowedHosts.includes(req.headers.host ?? '')) return { status: 403, message: 'Forbidden host' };
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedHosts.some((host) => origin === `http://${host}`)) {
    return { status: 403, message: 'Forbidden origin' };
  }
  return null;
}
