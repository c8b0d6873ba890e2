// The Outbox's Attempts column: a row refused before any request of it went out says it was not
// sent (not "0" beside its refusal), one still waiting that it has not been sent yet, and one
// that left while the view was open no count it may no longer have.
import type { OutboxOpView } from '@preload/bridge';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { attemptsWords, OUTBOX_LEFT } from '@preload/words/outbox';
import OutboxView from '../../../src-renderer/src/features/sync/OutboxView.svelte';
import type { SyncState } from '../../../src-renderer/src/lib/state/sync.svelte';
import { outboxOp } from '../../support/outbox-op';

const op = (id: string, over: Partial<OutboxOpView>): OutboxOpView => outboxOp({ id, ...over });

/** The Attempts cell (the third) of each row the view renders. */
function attemptsCells(outbox: OutboxOpView[]): string[] {
  const sync = {
    outbox,
    status: null,
    error: null,
    opErrors: {},
    changes: 0,
    log: [],
    loadOutbox: () => Promise.resolve(),
  } as unknown as SyncState;
  const { body } = render(OutboxView, { props: { sync, onOpenPost: () => undefined } });
  const rows = body.split('<tbody>')[1]?.split('</tbody>')[0]?.split('<tr') ?? [];
  return rows
    .slice(1)
    .map((row) => (row.split('<td')[3] ?? '').replace(/^[^>]*>/, '').replace(/<\/td>[\s\S]*/, ''))
    .map((cell) => cell.replace(/<!--[\s\S]*?-->/g, '').trim());
}

describe('the Outbox view’s Attempts', () => {
  it('says a row refused before it was sent was not sent, and counts the tries of the others', () => {
    const refused = op('refused', {
      state: 'failed',
      error: 'The variant is published on the service, so this change was not sent.',
      actions: ['discard'],
    });
    const cells = attemptsCells([
      refused,
      op('waiting', { state: 'pending' }),
      op('tried', { state: 'failed', attempts: 2, error: 'Refused.' }),
    ]);
    expect(cells).toEqual(['Not sent', 'Not sent yet', '2']);
  });

  it('words every state the same way: a count only where a request went', () => {
    expect(attemptsWords({ attempts: 0, state: 'failed' })).toBe('Not sent');
    expect(attemptsWords({ attempts: 0, state: 'done' })).toBe('Not sent');
    expect(attemptsWords({ attempts: 0, state: 'pending' })).toBe('Not sent yet');
    expect(attemptsWords({ attempts: 1, state: 'pending' })).toBe('1');
    expect(OUTBOX_LEFT.attempts).toBe('Not known now');
  });
});
