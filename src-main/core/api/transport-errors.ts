// A fetch that failed before an answer came, classified: a connection never made (safe to send
// again) or one that broke after the request may have left (the outcome is unknown).
import { ServiceError } from './errors';

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
  // An https:// address where the server speaks plain HTTP: the handshake fails before a request.
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

/** Why a connection was never made, in words; the code itself stays in `code`, for the log. */
function neverSentWords(code: string | null): string {
  if (code === 'ECONNREFUSED') return 'nothing answers at that address and port';
  if (code?.startsWith('EAI_') || code === 'ENOTFOUND') return 'its host name could not be found';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'connecting took too long';
  if (code === 'EADDRNOTAVAIL') return 'this computer has no network address to connect from';
  if (code === 'CERT_HAS_EXPIRED') return 'its certificate has expired';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return 'its certificate is for another address';
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER')
    return 'the server there speaks plain HTTP, not HTTPS (check whether the address should start with http://, or the port)';
  if (code?.includes('CERT')) return 'its certificate is not trusted';
  return 'the network cannot reach it';
}

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
        ? `Could not open a trusted connection to the service: ${neverSentWords(code)}.`
        : `Could not reach the service: ${neverSentWords(code)}.`,
      { mayHaveReachedService: false, code },
    );
  }
  return new ServiceError(
    'offline',
    'The connection to the service broke; the request may or may not have been applied.',
    { mayHaveReachedService: true, code },
  );
}
