// Typed failures of the service client. The sync engine decides on `kind` and
// `mayHaveReachedService` alone, so every failure the client can meet maps to exactly one kind.
// Nothing here may ever carry the access token: messages are built from status codes, the
// service's own words (with the token scrubbed out) and fixed sentences, and no underlying
// error object (which could hold request headers) is kept as `cause`.

export type ServiceErrorKind =
  | 'offline'
  | 'timeout'
  | 'auth'
  | 'not_found'
  | 'rate_limited'
  | 'validation'
  | 'server_error'
  | 'malformed_response'
  | 'invalid_settings';

export interface ServiceErrorDetails {
  status?: number | null;
  retryAfterMs?: number | null;
  mayHaveReachedService?: boolean;
  serviceMessage?: string | null;
  /** A low-level code such as ECONNREFUSED, for logs; never anything from the request itself. */
  code?: string | null;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly kind: ServiceErrorKind;
  readonly status: number | null;
  readonly retryAfterMs: number | null;
  /** false only when the request certainly never reached the service (connection refused, DNS): safe to retry a write */
  readonly mayHaveReachedService: boolean;
  /** the service's own message, verbatim, when it gave one */
  readonly serviceMessage: string | null;
  readonly code: string | null;

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(message);
    this.kind = kind;
    this.status = details.status ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
    // Unless a caller proves otherwise, assume the worst: a write may have been applied.
    this.mayHaveReachedService = details.mayHaveReachedService ?? kind !== 'invalid_settings';
    this.serviceMessage = details.serviceMessage ?? null;
    this.code = details.code ?? null;
  }

  /** Plain data for logs and the bridge; never includes anything from the request. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      mayHaveReachedService: this.mayHaveReachedService,
      serviceMessage: this.serviceMessage,
      code: this.code,
    };
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

/**
 * Parses `Retry-After`: delta-seconds or an HTTP date. Returns milliseconds from `now`
 * (never negative), or null when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (/^\d+$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : null;
  }
  // Only date-looking values: Date.parse accepts odd strings such as "1.5" as dates.
  if (!/[a-z]/i.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

const MAX_SERVICE_MESSAGE = 2000;

/**
 * Finds the service's own message in an error body without depending on one shape:
 * `detail`, `message`, `error` (string or `{ message }`), `errors` (strings or `{ message }`),
 * or a field-error map such as `{ "content": ["This field is required."] }`.
 * Falls back to the body text trimmed; null when there is nothing readable.
 */
export function extractServiceMessage(bodyText: string): string | null {
  const text = bodyText.trim();
  if (text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return clip(text);
  }
  const found = messageFrom(parsed, 0);
  if (found !== null) return clip(found);
  return clip(text);
}

function clip(text: string): string {
  return text.length > MAX_SERVICE_MESSAGE ? `${text.slice(0, MAX_SERVICE_MESSAGE)}…` : text;
}

function messageFrom(value: unknown, depth: number): string | null {
  if (depth > 3) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Array.isArray(value)) {
    const parts = value.map((item) => messageFrom(item, depth + 1)).filter((m): m is string => m !== null);
    return parts.length > 0 ? parts.join(' ') : null;
  }
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  for (const key of ['detail', 'message', 'error', 'errors', 'non_field_errors', 'title', 'msg']) {
    if (key in record) {
      const found = messageFrom(record[key], depth + 1);
      if (found !== null) return found;
    }
  }
  // A field-error map: { field: ["problem", ...], ... }
  const fieldParts: string[] = [];
  for (const [field, problem] of Object.entries(record)) {
    const found = messageFrom(problem, depth + 1);
    if (found !== null) fieldParts.push(`${field}: ${found}`);
  }
  return fieldParts.length > 0 ? fieldParts.join('; ') : null;
}

export { scrub, scrubSecrets, scrubTokenShapes } from './redaction';
