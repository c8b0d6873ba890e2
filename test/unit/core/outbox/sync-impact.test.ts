// syncImpact as a table: how far one failed request reaches, for every caller alike.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../src-main/core/api/errors';
import { AnswerMismatch } from '../../../../src-main/core/outbox/answer-check';
import { syncImpact, type SyncImpact } from '../../../../src-main/core/outbox/sync-impact';

const se = (
  kind: ConstructorParameters<typeof ServiceError>[0],
  d: ConstructorParameters<typeof ServiceError>[2] = {},
) => new ServiceError(kind, `${kind} happened.`, d);

const rows: Array<[string, unknown, SyncImpact]> = [
  ['connection refused', se('offline', { mayHaveReachedService: false }), 'offline'],
  ['reset mid-request', se('offline', { mayHaveReachedService: true }), 'offline'],
  ['timeout', se('timeout'), 'offline'],
  ['401: the token is refused', se('auth', { status: 401 }), 'token'],
  ['auth without a status', se('auth'), 'token'],
  ['403: this account is refused there', se('auth', { status: 403 }), 'workspace'],
  ['404', se('not_found', { status: 404 }), 'workspace'],
  ['500', se('server_error', { status: 500 }), 'item'],
  ['502 from a proxy', se('server_error', { status: 502 }), 'item'],
  ['503 with Retry-After', se('rate_limited', { status: 503, retryAfterMs: 1_000 }), 'item'],
  ['429', se('rate_limited', { status: 429 }), 'item'],
  ['400 refused', se('validation', { status: 400 }), 'item'],
  ['a 2xx that is not JSON', se('malformed_response', { status: 200 }), 'item'],
  [
    'an answer about something else',
    new AnswerMismatch('The service answered about another item.', 'other_record'),
    'item',
  ],
  ['a local error', new Error('disk full'), 'item'],
];

describe('syncImpact: one answer per failure, everywhere', () => {
  it.each(rows)('%s -> %s', (_what, error, impact) => {
    expect(syncImpact(error)).toBe(impact);
  });
});
