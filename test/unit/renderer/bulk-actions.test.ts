// The bulk bar's actions: which ids each sends (every variant to Add to queue, only those with a
// time to Reschedule and Unschedule, the posts to the others), and the report in words, each
// refusal naming its item. The core is a fake bridge that records what it is asked.
import { beforeEach, describe, expect, it } from 'vitest';
import type { BulkReport, OutpostBridge, PostSummary } from '@preload/bridge';
import { BulkActions } from '../../../src-renderer/src/features/posts/bulk-actions.svelte';
import { reportSummary } from '@preload/words/bulk';

const post = (id: string, title: string, variants: Array<[string, string, string | null]>): PostSummary => ({
  id,
  serverId: null,
  onService: false,
  workspace: 'acme',
  title,
  platforms: variants.map(([, platform]) => platform),
  variants: variants.map(([vid, platform, scheduledAt]) => ({
    id: vid,
    platform,
    state: scheduledAt ? 'scheduled' : 'draft',
    stateText: '',
    scheduledAt,
  })),
  state: 'draft',
  stateText: '',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

const LAUNCH = post('p1', 'Launch day', [
  ['v1', 'x', '2030-01-02T09:00:00.000Z'],
  ['v2', 'linkedin', null],
]);
const MENU = post('p2', 'Menu', [['v3', 'bluesky', '2030-01-03T09:00:00.000Z']]);

let asked: Array<{ command: string; payload: unknown }> = [];
let answer: BulkReport | Error = { done: 0, refused: [] };
let reloads = 0;

beforeEach(() => {
  asked = [];
  reloads = 0;
  answer = { done: 0, refused: [] };
  const bridge = {
    invoke: (command: string, payload: unknown) => {
      asked.push({ command, payload });
      return Promise.resolve(
        answer instanceof Error
          ? { ok: false, error: { code: 'unknown_command', message: answer.message } }
          : { ok: true, value: answer },
      );
    },
    subscribe: () => () => undefined,
  } as unknown as OutpostBridge;
  (globalThis as { window?: unknown }).window = { outpost: bridge };
});

const actions = (posts: PostSummary[]) =>
  new BulkActions(
    () => posts,
    () => {
      reloads++;
      return Promise.resolve();
    },
  );

describe('BulkActions', () => {
  it('asks Add to queue for every variant of the posts picked, by its command name', async () => {
    answer = { done: 2, refused: [{ id: 'v3', reason: 'This variant has no account.' }] };
    const bulk = actions([LAUNCH, MENU]);
    await bulk.addToQueue();
    expect(asked).toEqual([{ command: 'planning.addToQueue', payload: { variantIds: ['v1', 'v2', 'v3'] } }]);
    expect(bulk.outcome).toEqual({
      action: 'queue',
      summary: '2 added to the queue, 1 refused: this variant has no account.',
      refusals: ['‘Menu’ (Bluesky): This variant has no account.'],
    });
    expect(reloads).toBe(1);
  });

  it('reschedules and unschedules only the variants with a time', async () => {
    answer = { done: 2, refused: [] };
    const bulk = actions([LAUNCH, MENU]);
    await bulk.reschedule({ by: { days: 1, minutes: 0 } }, 'Europe/Paris');
    await bulk.unschedule();
    expect(asked).toEqual([
      {
        command: 'variants.reschedule',
        payload: { ids: ['v1', 'v3'], shift: { by: { days: 1, minutes: 0 } }, zone: 'Europe/Paris' },
      },
      { command: 'variants.unscheduleMany', payload: { ids: ['v1', 'v3'] } },
    ]);
    expect(bulk.outcome?.summary).toBe('2 unscheduled');
  });

  it('says so, and asks nothing, when no picked post has what the action needs', async () => {
    const bulk = actions([post('p3', 'Bare', [['v9', 'x', null]])]);
    await bulk.reschedule({ by: { days: 1, minutes: 0 } }, 'UTC');
    expect(asked).toEqual([]);
    expect(bulk.error).toBe('None of the selected posts has a time to move.');
    expect(reloads).toBe(0);
  });

  it('acts on the posts for the others, and lists each refusal by its post', async () => {
    answer = {
      done: 1,
      refused: [{ id: 'p2', reason: 'This post is on the service, which offers no way to delete it.' }],
    };
    const bulk = actions([LAUNCH, MENU]);
    await bulk.delete();
    expect(asked).toEqual([{ command: 'posts.delete', payload: { ids: ['p1', 'p2'] } }]);
    expect(bulk.outcome?.refusals).toEqual([
      '‘Menu’: This post is on the service, which offers no way to delete it.',
    ]);
    await bulk.move('side-project');
    await bulk.hide();
    expect(asked.slice(1).map((a) => a.command)).toEqual(['posts.move', 'posts.hide']);
  });

  it('shows the core’s failure in its words', async () => {
    answer = new Error('The local database is busy; try again.');
    const bulk = actions([LAUNCH]);
    await bulk.addToQueue();
    expect([bulk.outcome, bulk.error]).toEqual([null, 'The local database is busy; try again.']);
  });
});

describe('reportSummary', () => {
  it.each<[BulkReport, string]>([
    [{ done: 12, refused: [] }, '12 rescheduled'],
    [
      { done: 12, refused: [{ id: 'a', reason: 'This variant is already published; it cannot change.' }] },
      '12 rescheduled, 1 refused: this variant is already published; it cannot change.',
    ],
    [
      {
        done: 0,
        refused: [
          { id: 'a', reason: 'This variant is already published; it cannot change.' },
          { id: 'b', reason: 'This variant has no time to move.' },
        ],
      },
      '0 rescheduled, 2 refused',
    ],
  ])('%o', (report, words) => {
    expect(reportSummary('reschedule', report)).toBe(words);
  });
});
