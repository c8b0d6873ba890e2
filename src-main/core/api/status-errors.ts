// An answer with a status other than 2xx, as one ServiceError kind. Everything the service put in
// it (body, status line, headers) is service text: scrubbed of the token before it is quoted.
// What a person reads is one plain line: the first line of the service's message, about 200
// characters at most, or, for a page that is not the API's own answer (an HTML error page from
// a proxy), the status line. The whole body goes only to the log file (see client.ts).
import { STATUS_CODES } from 'node:http';
import { extractServiceMessage, parseRetryAfter, ServiceError } from './errors';

export interface ServiceText {
  /** Removes the token (and anything shaped like one) from service text. */
  clean: (text: string) => string;
  /** For `Retry-After` dates. */
  now: () => Date;
}

/** About this many characters of the service's message are shown; the rest is in the log. */
export const SHOWN_MESSAGE_CHARS = 200;

/** The first non-empty line of `text`, cut at a word near SHOWN_MESSAGE_CHARS. */
export function firstLine(text: string): string {
  const line = (text.split(/\r\n|[\r\n\u2028\u2029]/).find((l) => l.trim() !== '') ?? '').trim();
  if (line.length <= SHOWN_MESSAGE_CHARS) return line;
  const cut = line.slice(0, SHOWN_MESSAGE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > SHOWN_MESSAGE_CHARS * 0.75 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A body that is a page, not a message: HTML or XML, by its type or its first character. */
function isMarkup(response: AnswerHead, text: string, clean: ServiceText['clean']): boolean {
  return (
    /html|xml/i.test(clean(response.headers.get('content-type') ?? '')) || text.trimStart().startsWith('<')
  );
}

/** What statusError reads of an answer besides its body. */
export type AnswerHead = Pick<Response, 'status' | 'statusText' | 'headers'>;

export function statusError(response: AnswerHead, text: string, service: ServiceText): ServiceError {
  const { clean } = service;
  const status = response.status;
  const page = isMarkup(response, text, clean);
  // Scrubbed before the message is cut (a cut could split a token in two) and after it is
  // parsed (JSON escapes could hide one from the first pass). A page says nothing to quote.
  const found = page ? null : extractServiceMessage(clean(text));
  const serviceMessage = found === null ? null : firstLine(clean(found)) || null;
  // The standard reason phrase where there is one: the service's own is text it chose.
  const reason = STATUS_CODES[status] ?? firstLine(clean(response.statusText));
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
    return new ServiceError(
      'server_error',
      page ? `The service's proxy answered ${statusLine}.` : `The service failed (${said}).`,
      { status, serviceMessage },
    );
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
