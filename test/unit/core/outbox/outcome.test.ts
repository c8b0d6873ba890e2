// judgeFailure as a table: whether a request may have reached the service, decided in one place.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../src-main/core/api/errors';
import type { OpKind } from '../../../../src-main/core/store/schema';
import { AnswerMismatch } from '../../../../src-main/core/outbox/answer-check';
import { judgeFailure, type Stage } from '../../../../src-main/core/outbox/outcome';

const timing = { retryAt: (ms: number | null) => `at+${ms ?? 'backoff'}` };
const se = (
  kind: ConstructorParameters<typeof ServiceError>[0],
  d: ConstructorParameters<typeof ServiceError>[2] = {},
) => new ServiceError(kind, `${kind} happened.`, d);

const rows: Array<[string, OpKind, unknown, Stage, string]> = [
  [
    'connection refused: never sent',
    'publish',
    se('offline', { mayHaveReachedService: false }),
    'request',
    'never_sent',
  ],
  [
    'reset mid-request: unknown',
    'create_post',
    se('offline', { mayHaveReachedService: true }),
    'request',
    'outcome_unknown',
  ],
  ['timeout: unknown', 'publish', se('timeout'), 'request', 'outcome_unknown'],
  [
    '2xx cut short or not JSON: unknown',
    'update_variant',
    se('malformed_response', { status: 200 }),
    'request',
    'outcome_unknown',
  ],
  [
    '5xx: unknown (a read-back settles it)',
    'schedule',
    se('server_error', { status: 500 }),
    'request',
    'outcome_unknown',
  ],
  [
    '429: not applied, later',
    'publish',
    se('rate_limited', { status: 429, retryAfterMs: 3000 }),
    'request',
    'retry_later',
  ],
  [
    '400: refused for good',
    'create_variant',
    se('validation', { status: 400, serviceMessage: 'content: empty' }),
    'request',
    'refused',
  ],
  ['401: the token', 'create_post', se('auth', { status: 401 }), 'request', 'token_refused'],
  [
    '403: the workspace, checked by the queue',
    'update_variant',
    se('auth', { status: 403 }),
    'request',
    'workspace_unavailable',
  ],
  ['404: removed, checked by the queue', 'publish', se('not_found', { status: 404 }), 'request', 'removed'],
  [
    'a local error while recording the answer: unknown',
    'create_post',
    new Error('database is locked'),
    'recording',
    'outcome_unknown',
  ],
  [
    'an unexpected local error after it left: unknown',
    'publish',
    new TypeError('boom'),
    'request',
    'outcome_unknown',
  ],
  [
    'read-back refused connection: read-back failed',
    'create_post',
    se('offline', { mayHaveReachedService: false }),
    'read_back',
    'read_back_failed',
  ],
  [
    'read-back 502: read-back failed',
    'publish',
    se('server_error', { status: 502 }),
    'read_back',
    'read_back_failed',
  ],
  ['read-back 401: the token', 'publish', se('auth', { status: 401 }), 'read_back', 'token_refused'],
  [
    'a 2xx answer about another record, or without the change: unknown',
    'schedule',
    new AnswerMismatch('The service answered, but its answer does not hold the new time.', 'lacks'),
    'request',
    'outcome_unknown',
  ],
  [
    'the same found while recording (a link the answer would move): unknown',
    'create_post',
    new AnswerMismatch('The service answered about post 2, not about post 1 that was sent.', 'other_record'),
    'recording',
    'outcome_unknown',
  ],
];

describe('judgeFailure', () => {
  it.each(rows)('%s', (_name, kind, error, stage, want) => {
    expect(judgeFailure(kind, error, stage, timing).type).toBe(want);
  });

  it('an answer not about the change says why in plain words, and that it is checked with the service', () => {
    const event = judgeFailure(
      'publish',
      new AnswerMismatch(
        'The service answered about variant 9, not about variant 7 that was sent.',
        'other_record',
      ),
      'request',
      timing,
    );
    expect(event).toMatchObject({
      type: 'outcome_unknown',
      reason:
        'The service answered about variant 9, not about variant 7 that was sent. The outcome is unknown; Outpost checks with the service before anything else, and never publishes it again by itself.',
    });
  });

  it('a 429 waits as long as the service asked', () => {
    expect(
      judgeFailure('publish', se('rate_limited', { retryAfterMs: 3000 }), 'request', timing),
    ).toMatchObject({
      at: 'at+3000',
    });
  });
});
