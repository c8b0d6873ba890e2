// Everything the service says (status line, headers, body) is scrubbed of
// the token and its secret part before it becomes an error message; so is what is kept. Issue
// 23: in every encoding a service may echo it in, at any depth.
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../src-main/core/api/client';
import { scrubSecrets, scrubTokenShapes } from '../../../src-main/core/api/errors';
import { Redactor } from '../../../src-main/core/app/connection/file-logger';
import { redactTokenShapes } from '../../../src-main/core/store/sync-log-repository';
import {
  encodedLeaks,
  jsonWith,
  nested,
  secretsOf,
  slot,
  tokenEncodings,
} from '../../integration/security/token-encodings';

const TOKEN = 'cps_pat_S3cretValue1234';
const SECRET = 'S3cretValue1234';

function clientAnswering(response: () => Response): ServiceClient {
  return new ServiceClient({
    baseUrl: 'https://cps.example.com',
    token: TOKEN,
    authHeader: 'bearer',
    fetch: () => Promise.resolve(response()),
  });
}

async function failure(client: ServiceClient): Promise<Record<string, unknown>> {
  try {
    await client.listWorkspaces();
  } catch (error) {
    return (error as { toJSON(): Record<string, unknown> }).toJSON();
  }
  throw new Error('the call did not fail');
}

describe('service text in errors', () => {
  it.each([
    [418, `Bad ${TOKEN}`],
    [500, `Broken ${SECRET}`],
    [401, `No ${TOKEN}`],
    [429, `Slow ${SECRET}`],
    [404, `Gone ${TOKEN}`],
  ])('status %i with the token in the status line', async (status, statusText) => {
    const error = await failure(clientAnswering(() => new Response(null, { status, statusText })));
    const text = JSON.stringify(error);
    expect(text).toContain(String(status));
    expect(text).not.toContain(SECRET);
  });

  it('a redirect names its target, without the token', async () => {
    const error = await failure(
      clientAnswering(
        () =>
          new Response(null, {
            status: 302,
            statusText: `Found ${TOKEN}`,
            headers: { Location: `https://elsewhere.example/?t=${TOKEN}&s=${SECRET}` },
          }),
      ),
    );
    expect(error.message).toContain('https://elsewhere.example/?t=[redacted]&s=[redacted]');
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });

  it('a long body cut at the message bound leaves no piece of the token', async () => {
    for (let pad = 1985; pad <= 2000; pad++) {
      const body = JSON.stringify({ detail: `${'x'.repeat(pad)}${SECRET}` });
      const error = await failure(clientAnswering(() => new Response(body, { status: 400 })));
      expect(JSON.stringify(error)).not.toMatch(/S3cr/);
    }
  });

  it('a token hidden by JSON escapes in the body is found too', async () => {
    const escaped = JSON.stringify({ detail: 'sent ' + TOKEN }).replace('S3', '\\u0053\\u0033');
    const error = await failure(clientAnswering(() => new Response(escaped, { status: 422 })));
    expect(error.serviceMessage).toBe('sent [redacted]');
  });

  it('a successful answer that echoes the token is kept without it', async () => {
    const client = clientAnswering(
      () =>
        new Response(JSON.stringify([{ slug: 'ws', note: `you sent ${TOKEN} / ${SECRET}` }]), {
          status: 200,
        }),
    );
    const [workspace] = await client.listWorkspaces();
    expect(JSON.stringify(workspace)).not.toContain(SECRET);
    expect(workspace!.slug).toBe('ws');
  });
});

describe('redacting what is kept', () => {
  it('removes known secrets before token shapes, so no tail of the token survives', () => {
    const odd = 'cps_pat_ab!cd$ef';
    expect(scrubSecrets(`x ${odd} y`, [odd, 'ab!cd$ef'])).toBe('x [redacted] y');
    const r = new Redactor();
    r.add(odd);
    expect(r.clean(`x ${odd} y ab!cd$ef`)).toBe('x [redacted] y [redacted]');
    expect(r.cleaner(`x ${odd}`)).toBe('x [redacted]');
    // The secret part alone, and a token learned after the redactor was first used.
    expect(r.clean('only ab!cd$ef here')).toBe('only [redacted] here');
    expect(r.clean('nothing secret')).toBe('nothing secret');
    r.add('a-second-token-value');
    expect(r.clean('a-second-token-value and ab!cd$ef')).toBe('[redacted] and [redacted]');
  });

  it('the sync log blanks anything shaped like a token even without the core redactor', () => {
    expect(redactTokenShapes(`refused (418 Bad ${TOKEN})`)).toBe('refused (418 Bad [redacted])');
  });
});

describe('token shapes', () => {
  it.each([
    ['x cps_pat_abc y', 'x [redacted] y'],
    ['x -cps_pat_abc y', 'x -[redacted] y'],
    ['my_service_pat_Zz9 end', 'my_[redacted] end'],
    ['a-b_pat_1 and c_pat_2', '[redacted] and [redacted]'],
    ['(cps_pat_abc)', '([redacted])'],
    ['no secret cps_pat_ here', 'no secret cps_pat_ here'],
    ['_pat_abc has no service', '_pat_abc has no service'],
    ['nothing to see', 'nothing to see'],
  ])('%j becomes %j', (text, expected) => {
    expect(scrubTokenShapes(text)).toBe(expected);
  });

  it('stays linear on long runs of letters (it runs on every sync-log reason)', () => {
    const long = `${'x'.repeat(200_000)}_pat_${'y'.repeat(200_000)} ${'z'.repeat(200_000)}`;
    const started = performance.now();
    expect(scrubTokenShapes(long)).toBe(`[redacted] ${'z'.repeat(200_000)}`);
    expect(scrubTokenShapes('x'.repeat(400_000))).toHaveLength(400_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

// The token goes in whatever form a service echoes it: JSON `\u` escapes of any
// of its characters, percent-encoding in either hex case, `+` read as a space; at any depth.
describe('redaction by meaning', () => {
  const PLUS = 'cps_pat_Ab+cD/ef=9';
  const secrets = [...secretsOf(TOKEN), ...secretsOf(PLUS)];

  it.each([TOKEN, SECRET, PLUS, 'Ab+cD/ef=9'])('removes every encoding of %s from text', (secret) => {
    const r = new Redactor();
    r.add(TOKEN);
    r.add(PLUS);
    for (const e of tokenEncodings(secret)) {
      const text = `before ${e.text} after`;
      expect(r.clean(text), e.name).toBe('before [redacted] after');
      expect(scrubSecrets(text, [TOKEN, PLUS, SECRET, 'Ab+cD/ef=9']), e.name).toBe('before [redacted] after');
    }
  });

  it('removes escapes of different kinds mixed in one token, and shapes however encoded', () => {
    const r = new Redactor();
    r.add(TOKEN);
    expect(r.clean('x cps\\u005fpat%5FS3cr\\u0065tValue1234 y')).toBe('x [redacted] y');
    // A token Outpost never knew, recognised by its shape once decoded.
    expect(r.clean('x other%5Fpat%5Fq1w2e3 y')).toBe('x [redacted] y');
    expect(scrubTokenShapes('x other\\u005Fpat\\u005fq1w2e3 y')).toBe('x [redacted] y');
  });

  it('leaves text with escapes but no secret as it is', () => {
    const r = new Redactor();
    r.add(TOKEN);
    for (const text of ['50% off, 100%25 sure', 'a "quote" \\n and \\u00e9', 'cps_pat_ alone', '%%%', '\\'])
      expect(r.clean(text)).toBe(text);
  });

  it('scrubs a parsed answer at any depth, keys included, and leaves a post that looks like a token', () => {
    const r = new Redactor();
    r.add(TOKEN);
    const encodings = tokenEncodings(TOKEN);
    const echo = Object.fromEntries(encodings.map((e, i) => [`f${i}`, `sent ${slot(i)}`]));
    const text = jsonWith(
      {
        id: 'v1',
        content: 'my_pat_project stays',
        [slot(2)]: 'a key',
        deep: nested(10, { detail: echo, list: encodings.map((_, i) => slot(i)) }),
      },
      encodings,
    );
    const parsed = r.cleanParsed(JSON.parse(text) as Record<string, unknown>, text);
    const kept = JSON.stringify(parsed);
    expect(encodedLeaks(kept, secretsOf(TOKEN), 'answer')).toEqual([]);
    expect(kept.match(/\[redacted\]/g)).toHaveLength(2 * encodings.length + 1);
    expect(parsed).toMatchObject({ id: 'v1', content: 'my_pat_project stays', '[redacted]': 'a key' });
  });

  it('walks an answer nested deeper than the call stack goes', () => {
    const r = new Redactor();
    r.add(TOKEN);
    const depth = 200_000;
    const text = `${'['.repeat(depth)}"\\u0063${TOKEN.slice(1)}"${']'.repeat(depth)}`;
    let node: unknown = r.cleanParsed(JSON.parse(text) as unknown, text);
    for (let i = 0; i < depth; i++) node = (node as unknown[])[0];
    expect(node).toBe('[redacted]');
  });

  it('the service client scrubs answers and errors on arrival, ten levels deep', async () => {
    const encodings = tokenEncodings(TOKEN);
    const echoes = encodings.map((_, i) => `echo ${slot(i)}`);
    const answer = jsonWith([{ slug: 'ws', note: nested(10, echoes), [slot(3)]: 1 }], encodings);
    const [workspace] = await clientAnswering(() => new Response(answer, { status: 200 })).listWorkspaces();
    expect(workspace!.slug).toBe('ws');
    expect(encodedLeaks(JSON.stringify(workspace), secrets, 'answer')).toEqual([]);

    for (const status of [400, 500]) {
      const body = jsonWith({ errors: nested(10, { detail: echoes.join(' ') }) }, encodings);
      const error = await failure(clientAnswering(() => new Response(body, { status })));
      expect(JSON.stringify(error)).toContain('[redacted]');
      expect(encodedLeaks(JSON.stringify(error), secrets, `error ${status}`)).toEqual([]);
    }
    const header = encodings.filter((e) => !e.json).map((e) => e.text);
    const redirect = await failure(
      clientAnswering(
        () =>
          new Response(null, {
            status: 302,
            statusText: `Found ${header.join(' ')}`,
            headers: {
              Location: `https://elsewhere.example/?${header.map((t, i) => `t${i}=${t}`).join('&')}`,
            },
          }),
      ),
    );
    expect(encodedLeaks(JSON.stringify(redirect), secrets, 'redirect')).toEqual([]);
  });
});

describe('a token hidden by invisible characters, or cut short', () => {
  const secret = 'cps_pat_Q8vN2xTz4LmR7pKd9sWb3hYc6jFe';
  const invisibles = ['\u200b', '\u00ad', '\u2060', '\ufeff', '\u200d', '\u202e'];

  it.each(invisibles)('a shape with %j inside it is still a token shape', (char) => {
    const hidden = `see ${secret.slice(0, 12)}${char}${secret.slice(12)} here`;
    expect(scrubTokenShapes(hidden)).toBe('see [redacted] here');
    const redactor = new Redactor();
    redactor.add(secret);
    expect(redactor.clean(`k=${secret.slice(8, 20)}${char}${secret.slice(20)}`)).toBe('k=[redacted]');
  });

  it('inside JSON escapes too', () => {
    const escaped = `{"t":"${secret.slice(0, 10)}\\u200b${secret.slice(10)}"}`;
    expect(scrubTokenShapes(escaped)).toBe('{"t":"[redacted]"}');
  });

  it('a long fragment of a known secret (16 characters or more) is redacted; a short one is not', () => {
    const redactor = new Redactor();
    redactor.add(secret);
    const part = secret.slice(8);
    expect(redactor.clean(`cut: ${part.slice(0, -3)}.`)).toBe('cut: [redacted].');
    expect(redactor.clean(`tail: ${part.slice(5)}!`)).toBe('tail: [redacted]!');
    expect(redactor.clean(`short: ${part.slice(0, 15)}`)).toBe(`short: ${part.slice(0, 15)}`);
  });
});
