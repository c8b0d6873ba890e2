// How a request travels: out, and its answer read whole (within a size cap and a time limit), or
// a ServiceError for a connection that failed. Everything above it (the token's header, JSON,
// the redaction, the schemas, the status's meaning) is the client's. A wire's answer is plain
// data, so it can cross from a thread of its own (core-thread/wire-worker.ts): the core's thread
// then spends none of its time in the HTTP client's streams and sockets.
import { ServiceError, type ServiceErrorKind } from './errors';
import { readCappedBody } from './read-body';
import { classifyTransportError } from './transport-errors';

export interface WireRequest {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** For the whole exchange, answer and body. */
  timeoutMs: number;
  /** The largest body read; larger is a malformed answer (read-body.ts). */
  maxBodyBytes: number;
}

export interface WireAnswer {
  status: number;
  statusText: string;
  /** Name and value pairs, as they came. */
  headers: [string, string][];
  text: string;
}

export type Wire = (request: WireRequest) => Promise<WireAnswer>;

/** The wire on this thread, through `fetch`: the platform's, or a test's. */
export function fetchWire(fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Wire {
  return async (request) => {
    // One timer for the whole exchange, answer and body, cleared as soon as it is over:
    // AbortSignal.timeout's timer cannot be cleared, so every request left one running.
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new DOMException('The operation timed out.', 'TimeoutError')),
      request.timeoutMs,
    );
    try {
      let response: Response;
      try {
        response = await fetchImpl(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          signal: abort.signal,
          // A redirect could carry the token to another host; the client treats it as a settings problem.
          redirect: 'manual',
        });
      } catch (error) {
        throw classifyTransportError(error, request.timeoutMs);
      }
      const text = await readCappedBody(response, request.maxBodyBytes, request.timeoutMs);
      return {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        text,
      };
    } finally {
      clearTimeout(timer);
    }
  };
}

/** A ServiceError as plain data, to cross a thread's port (it carries nothing from the request). */
export interface WireFailure {
  kind: ServiceErrorKind;
  message: string;
  status: number | null;
  mayHaveReachedService: boolean;
  code: string | null;
}

export function asWireFailure(error: unknown): WireFailure {
  if (error instanceof ServiceError) {
    const { kind, message, status, mayHaveReachedService, code } = error;
    return { kind, message, status, mayHaveReachedService, code };
  }
  // Not one the wire makes: a write may have left, so it is the unknown outcome of a broken connection.
  return {
    kind: 'offline',
    message: 'The connection to the service broke; the request may or may not have been applied.',
    status: null,
    mayHaveReachedService: true,
    code: null,
  };
}

export function fromWireFailure(failure: WireFailure): ServiceError {
  const { kind, message, status, mayHaveReachedService, code } = failure;
  return new ServiceError(kind, message, { status, mayHaveReachedService, code });
}
