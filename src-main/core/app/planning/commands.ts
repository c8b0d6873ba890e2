// planning.*: what goes out when, for the calendar and the queue: the views, an account's
// posting times, Add to queue, and moving a queued variant up or down.
import { swapLabel } from '@preload/words/undo';
import { z } from 'zod';
import type { LocalId, VariantView } from '@preload/bridge';
import { assertAllows, type AppContext } from '../app-context';
import type { Commands, Undoable } from '../command';
import { id, ids, isoTime, platform, profileId, slug } from '../schemas';
import { addToQueue } from './add-to-queue';
import { calendarView } from './calendar-view';
import { postingSchedule, setPostingTimes } from './posting-schedule';
import { setScheduledTimes } from './schedule-changes';
import { scheduleMany } from './schedule-many';
import { timeChangeUndo } from './time-change-undo';
import { accountDrafts, queueView } from './views';

/** The first span starts at `from`, each later one after the one before, all before `to`. */
function spansCut(from: string, to: string, starts: string[]): boolean {
  const times = starts.map((s) => Date.parse(s));
  return (
    times[0] === Date.parse(from) &&
    times.every((t, i) => i === 0 || t > times[i - 1]!) &&
    times[times.length - 1]! < Date.parse(to)
  );
}

const account = z.strictObject({ workspace: slug, profileId });

type PlanningCommands =
  | 'planning.calendar'
  | 'planning.queue'
  | 'planning.slots'
  | 'planning.setSlots'
  | 'planning.addToQueue'
  | 'planning.scheduleMany'
  | 'planning.swapTimes'
  | 'planning.drafts';

export const planningCommands: Commands<PlanningCommands> = {
  'planning.calendar': {
    payload: z
      .strictObject({
        workspace: slug.nullable(),
        from: isoTime,
        to: isoTime,
        accounts: z.array(id).max(1000).optional(),
        platforms: z.array(platform).max(1000).optional(),
        spans: z
          .strictObject({ starts: z.array(isoTime).min(1).max(1000), limit: z.int().min(1).max(1000) })
          .optional(),
      })
      .refine((p) => !p.spans || spansCut(p.from, p.to, p.spans.starts), {
        message: 'spans.starts must rise from `from` and stay before `to`',
        path: ['spans', 'starts'],
      }),
    quotesService: true,
    undoable: false,
    run: (app, p) => calendarView(app.db, p),
  },
  'planning.queue': {
    payload: z.strictObject({ workspace: slug.nullable(), days: z.int().min(1).max(60).optional() }),
    quotesService: true,
    undoable: false,
    run: (app, p) => queueView(app.db, p, new Date(app.now())),
  },
  'planning.slots': {
    payload: account,
    quotesService: false,
    undoable: false,
    run: postingSchedule,
  },
  'planning.setSlots': {
    payload: z.strictObject({
      workspace: slug,
      profileId,
      zone: z.string().min(1, 'must not be empty').max(100),
      slots: z
        .array(
          z.strictObject({
            weekday: z.literal([1, 2, 3, 4, 5, 6, 7], 'must be a weekday, 1 (Monday) to 7 (Sunday)'),
            time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time, HH:MM'),
          }),
        )
        .max(7 * 48, 'at most 48 posting times a day'),
    }),
    quotesService: false,
    undoable: false,
    run: setPostingTimes,
  },
  'planning.addToQueue': {
    payload: z.strictObject({ variantIds: z.array(id).min(1).max(10_000) }),
    quotesService: false,
    undoable: true,
    run: (app, p) => addToQueue(app, p.variantIds),
  },
  'planning.scheduleMany': {
    payload: z.strictObject({ variantIds: ids, at: isoTime }),
    quotesService: false,
    undoable: true,
    run: (app, p) => scheduleMany(app, p.variantIds, p.at),
  },
  'planning.swapTimes': {
    payload: z.strictObject({
      variantIds: z.tuple([id, id]).refine(([a, b]) => a !== b, 'must name two different variants'),
    }),
    quotesService: false,
    undoable: true,
    run: (app, p) => swapTimes(app, p.variantIds),
  },
  'planning.drafts': {
    payload: account,
    quotesService: true,
    undoable: false,
    run: async (app, p) => {
      await app.knownWorkspace(p.workspace);
      return accountDrafts(app.db, p);
    },
  },
};

/**
 * Moves a queued variant up or down: it and its neighbour trade times, both or neither (two
 * schedule changes through the outbox, one undo entry).
 */
async function swapTimes(
  app: AppContext,
  [firstId, secondId]: [LocalId, LocalId],
): Promise<Undoable<VariantView[]>> {
  const pair = [await app.variant(firstId), await app.variant(secondId)] as const;
  for (const v of pair) {
    const post = await app.post(v.post_id);
    assertAllows('move', { variant: v, workspace: post.workspace, ops: [] });
  }
  const [a, b] = pair;
  const { changed } = await setScheduledTimes(
    app,
    [
      { variantId: a.id, at: b.scheduled_at, expected: a.scheduled_at },
      { variantId: b.id, at: a.scheduled_at, expected: b.scheduled_at },
    ],
    { allOrNothing: true },
  );
  const undo = timeChangeUndo(app, changed);
  const [first, second] = changed;
  return {
    value: [await app.variantView(a.id), await app.variantView(b.id)],
    undo: undo && first && second ? { ...undo, label: swapLabel(first, second) } : null,
  };
}
