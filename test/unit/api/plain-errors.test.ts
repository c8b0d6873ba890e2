// What an error answer becomes in words. A page (HTML from a proxy) is named
// by its status line; a message keeps its first line, about 200 characters at most; a
// connection that was never made says why in words, its code kept for the log.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { classifyTransportError } from '../../../src-main/core/api/transport-errors';
import { firstLine, SHOWN_MESSAGE_CHARS, statusError } from '../../../src-main/core/api/status-errors';

const service = { clean: (t: string) => t.replaceAll('cps_pat_secret', '[redacted]'), now: () => new Date() };

const NGINX_502 = [
  '<html>',
  '<head><title>502 Bad Gateway</title></head>',
  '<body>',
  '<center><h1>502 Bad Gateway</h1></center>',
  '<hr><center>nginx/1.25.3</center>',
  '</body>',
  '</html>',
].join('\r\n');

function answer(status: number, body: string, type: string, statusText = ''): Response {
  return new Response(body, { status, statusText, headers: { 'content-type': type } });
}

describe('an error answer in plain words', () => {
  it('names a proxy page by its status line, never its markup', () => {
    const e = statusError(answer(502, NGINX_502, 'text/html', 'Bad Gateway'), NGINX_502, service);
    expect([e.kind, e.message, e.serviceMessage]).toEqual([
      'server_error',
      "The service's proxy answered 502 Bad Gateway.",
      null,
    ]);
    // A page without its type is still a page; the standard phrase, not the one sent.
    const untyped = statusError(answer(503, NGINX_502, '', 'Whatever <b>'), NGINX_502, service);
    expect(untyped.message).toBe('The service is temporarily unavailable (503 Service Unavailable).');
  });

  it('keeps the first line of a message that is a stack trace', () => {
    const body = JSON.stringify({ detail: 'Traceback (most recent call last):\n  File "x.py"\nKeyError: 1' });
    const e = statusError(answer(500, body, 'application/json'), body, service);
    expect(e.message).toBe('The service failed (Traceback (most recent call last):).');
    expect(e.serviceMessage).toBe('Traceback (most recent call last):');
    const text = '\n\n  Database is down\n    at query (db.js:1)\n';
    expect(statusError(answer(422, text, 'text/plain'), text, service).message).toBe('Database is down');
  });

  it('cuts a long message at a word near 200 characters', () => {
    const long = `${'word '.repeat(100)}end`;
    const body = JSON.stringify({ detail: long });
    const e = statusError(answer(400, body, 'application/json'), body, service);
    expect(e.message.length).toBeLessThanOrEqual(SHOWN_MESSAGE_CHARS + 1);
    expect(e.message).toMatch(/^word( word)+…$/);
    expect(firstLine('x'.repeat(500))).toBe(`${'x'.repeat(SHOWN_MESSAGE_CHARS)}…`);
  });

  it('still scrubs the token from what it keeps', () => {
    const body = JSON.stringify({ detail: 'Bad token cps_pat_secret\nmore' });
    expect(statusError(answer(401, body, 'application/json'), body, service).message).toBe(
      'The service did not accept the access token (Bad token [redacted]). Enter a new token.',
    );
  });
});

describe('a connection never made, in words', () => {
  it.each([
    ['ECONNREFUSED', 'Could not reach the service: nothing answers at that address and port.'],
    ['ENOTFOUND', 'Could not reach the service: its host name could not be found.'],
    ['EHOSTUNREACH', 'Could not reach the service: the network cannot reach it.'],
    ['CERT_HAS_EXPIRED', 'Could not open a trusted connection to the service: its certificate has expired.'],
  ])('%s', (code, words) => {
    const e = classifyTransportError(new TypeError('fetch failed', { cause: { code } }), 20_000);
    expect([e.message, e.code, e.mayHaveReachedService]).toEqual([words, code, false]);
  });

  it('an https:// address where the server speaks plain HTTP: never sent, and said so', async () => {
    const server = createServer((_, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const failed = await fetch(`https://127.0.0.1:${port}/api/`).catch((error: unknown) => error);
      const e = classifyTransportError(failed, 20_000);
      expect([e.message, e.mayHaveReachedService]).toEqual([
        'Could not reach the service: the server there speaks plain HTTP, not HTTPS (check whether the address should start with http://, or the port).',
        false,
      ]);
    } finally {
      server.close();
    }
  });

  it('a broken connection names no code either', () => {
    const e = classifyTransportError(
      new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }),
      20_000,
    );
    expect(e.message).toBe(
      'The connection to the service broke; the request may or may not have been applied.',
    );
    expect(e.code).toBe('ECONNRESET');
  });
});
