// docs/op-machine.md is the op machine's table in words, generated from its data
// (src-main/core/outbox/op-machine.ts), so the document and the code cannot drift apart.
// After a change to the machine: OUTPOST_WRITE_DOCS=1 npx vitest run --project unit
// test/unit/core/outbox/op-machine-doc.test.ts writes it again.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { OUTBOX_OP_STATES } from '@preload/bridge';
import { EFFECT_WORDS, EVENT_WORDS, OP_EVENT_TYPES } from '../../../../src-main/core/outbox/op-events';
import {
  ACTION_EVENTS,
  AT_TURN,
  FROM_EVENT,
  MACHINE,
  NOT_KEPT_LIMIT,
  type KindGroup,
  type Row,
} from '../../../../src-main/core/outbox/op-machine';
import type { OpState } from '../../../../src-main/core/store/schema';

const DOC = join(import.meta.dirname, '../../../../docs/op-machine.md');

const STATE_MEANING: Record<OpState, string> = {
  pending:
    'waiting to be sent (nothing of it has left, or what left was proved not applied): a change can still be discarded',
  sending: 'claimed: committed before its request leaves',
  unknown: 'the request may have reached the service: read back before anything else happens',
  needs_user:
    'a publish that may or may not have gone out, or several look-alikes of a create: the user decides',
  failed: 'refused for good, or held back: the user retries or discards it',
  done: 'finished: answered, settled by a read-back, superseded, or decided by the user',
};

const KIND_WORDS: Record<KindGroup, string> = { create: 'creates', change: 'changes', publish: 'publishes' };

/** The kinds a row takes; after rows for some kinds, one for every kind takes the others. */
function kindsOf(row: Row, afterOthers: boolean): string {
  const every = afterOthers ? 'the other kinds' : 'every kind';
  const kinds = row.kinds === undefined ? every : row.kinds.map((k) => KIND_WORDS[k]).join(', ');
  return row.when === 'limit_reached' ? `${kinds}, not kept ${NOT_KEPT_LIMIT} times` : kinds;
}

/** The kinds a refusal names; all of them are "every kind". */
function refusedKinds(kinds: readonly KindGroup[]): string {
  return kinds.length === Object.keys(KIND_WORDS).length
    ? 'every kind'
    : kinds.map((k) => KIND_WORDS[k]).join(', ');
}

function happens(row: Row): string {
  const words: string[] = row.effects.map((e) => EFFECT_WORDS[e]);
  if (row.error === FROM_EVENT) words.push('the reason is kept');
  else if (row.error !== undefined) words.push(`“${row.error}”`);
  return words.join('; ');
}

const cell = (text: string) => text.replaceAll('|', '\\|');

function hold(value: string | Record<KindGroup, string>): string {
  const say = (h: string) =>
    ({ turn: 'takes its turn', none: 'nothing', item: 'its item', post: 'its whole post' })[h] ?? h;
  if (typeof value === 'string') return say(value);
  return (Object.entries(value) as Array<[KindGroup, string]>)
    .map(([k, h]) => `${KIND_WORDS[k]}: ${say(h)}`)
    .join('; ');
}

async function renderMachine(): Promise<string> {
  const out = [
    '# The outbox’s op machine',
    '',
    '<!-- Generated from src-main/core/outbox/op-machine.ts by test/unit/core/outbox/op-machine-doc.test.ts; do not edit by hand. -->',
    '',
    'Every change made in Outpost becomes an op in the outbox, and every op goes through this machine:',
    'the code runs this table (`transition` looks its rows up), the user’s actions and what an op',
    'holds back of the ops after it are read from it, and any state and event not listed here is',
    'refused, with the reason. A request that may have reached the service is never sent again by',
    'itself: only a read-back that proves it was not applied, or the user, sends it again.',
    '',
    '## States',
    '',
    '| state | meaning |',
    '| --- | --- |',
    ...OUTBOX_OP_STATES.map((s) => `| \`${s}\` | ${STATE_MEANING[s]} |`),
    '',
    '## Transitions',
    '',
    'Rows are tried in order; the first whose kinds fit is taken.',
    '',
    '| state | event | kinds | next state | what happens with it |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const state of OUTBOX_OP_STATES)
    for (const event of OP_EVENT_TYPES)
      (MACHINE[state][event] ?? []).forEach((entry, i, rows) => {
        const words = cell(EVENT_WORDS[event]);
        if ('refuse' in entry)
          out.push(
            `| \`${state}\` | ${words} | ${refusedKinds(entry.kinds)} | refused | ${cell(entry.refuse)} |`,
          );
        else {
          const afterOthers = rows.slice(0, i).some((r) => r.kinds !== undefined && !('when' in r));
          out.push(
            `| \`${state}\` | ${words} | ${kindsOf(entry, afterOthers)} | \`${entry.next}\` | ${cell(happens(entry))} |`,
          );
        }
      });
  out.push(
    '',
    '## What the user can do',
    '',
    'Each action is one event; an op offers an action (`actions` in the outbox view) when its state takes it.',
    '',
    '| action | event |',
    '| --- | --- |',
    ...Object.entries(ACTION_EVENTS).map(([action, event]) => `| ${action} | ${EVENT_WORDS[event]} |`),
    '',
    '## What an op holds back in a push',
    '',
    'An op holds back the ops after it: of its item (its variant; a post’s own op its post), or of its whole post.',
    'After a settlement that blocks, a create holds back its whole post and any other op its item; one that ends',
    'the push or holds its workspace holds back the whole post.',
    '',
    '| state | when its time has come | while it waits for its retry time |',
    '| --- | --- | --- |',
    ...OUTBOX_OP_STATES.map((s) => `| \`${s}\` | ${hold(AT_TURN[s].due)} | ${hold(AT_TURN[s].waiting)} |`),
    '',
  );
  // Formatted as the repository formats Markdown, so `npm run format:check` leaves it be.
  return format(out.join('\n'), { ...(await resolveConfig(DOC)), parser: 'markdown' });
}

describe('docs/op-machine.md', () => {
  it('is the machine’s table as the code runs it', async () => {
    const doc = await renderMachine();
    if (process.env.OUTPOST_WRITE_DOCS === '1') writeFileSync(DOC, doc);
    expect(readFileSync(DOC, 'utf8')).toBe(doc);
  });
});
