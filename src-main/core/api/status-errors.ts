// An answer with a status other than 2xx, as one ServiceError kind. Everything the service put in
// it (body, status line, headers) is service text: scrubbed of the token before it is quoted.
import { extractServiceMessage, parseRetryAfter, ServiceError } from './errors';

export interface ServiceText {
  /** Removes the token (and anything shaped like one) from service text. */
  clean: (text: string) => string;
  /** For `Retry-After` dates. */
  now: () => Date;
}

export function statusError(response: Response, text: string, service: ServiceText): ServiceError {
  const { clean } = service;
  const status = response.status;
  // Scrubbed before the message is clipped (a clip could cut a token in two) and after it is
  // parsed (JSON escapes could hide one from the first pass).
  const found = extractServiceMessage(clean(text));
  const serviceMessage = found === null ? null : clean(found);
  // The status line and headers are service text too: a service may echo what it was sent.
  const reason = clean(response.statusText);
  const statusLine = `${status}${reason ? ` ${reason}` : ''}`;
  const said = serviceMessage ?? statusLine;

  if (status >= 300 && status < 400) {
    const location = clean(response.headers.get('location') ?? '').slice(0, 500);
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
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), service.now());
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
