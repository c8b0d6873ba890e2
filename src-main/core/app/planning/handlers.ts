// planning.*: what goes out when, for the calendar and the queue (issues 13 and 25): the views,
// an account's posting times, Add to queue, and moving a queued variant up or down.
import type { LocalId, VariantView } from '@preload/bridge';
import { addToQueue } from './add-to-queue';
import { assertAllows, type AppContext } from '../app-context';
import type { Handlers } from '../handlers';
import { calendarView } from './calendar-view';
import { accountDrafts, queueView } from './views';
import { postingSchedule, setPostingTimes } from './posting-schedule';
import { setScheduledTimes } from './schedule-changes';
import { timeChangeUndo } from './time-change-undo';
import { swapLabel } from '../undo/words';

type PlanningCommands =
  | 'planning.calendar'
  | 'planning.queue'
  | 'planning.slots'
  | 'planning.setSlots'
  | 'planning.addToQueue'
  | 'planning.swapTimes'
  | 'planning.drafts';

export function planningHandlers(app: AppContext): Handlers<PlanningCommands> {
  return {
    'planning.calendar': (p) => calendarView(app.db, p),
    'planning.queue': (p) => queueView(app.db, p, new Date(app.now())),
    'planning.slots': (p) => postingSchedule(app, p),
    'planning.setSlots': (p) => setPostingTimes(app, p),
    'planning.addToQueue': (p) => addToQueue(app, p.variantIds),
    'planning.swapTimes': (p) => swapTimes(app, p.variantIds),
    'planning.drafts': async (p) => {
      await app.knownWorkspace(p.workspace);
      return accountDrafts(app.db, p);
    },
  };
}

/**
 * Moves a queued variant up or down: it and its neighbour trade times, both or neither (two
 * schedule changes through the outbox, one undo entry).
 */
async function swapTimes(app: AppContext, [firstId, secondId]: [LocalId, LocalId]): Promise<VariantView[]> {
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
  if (undo && first && second) app.undo.record({ ...undo, label: swapLabel(first, second) });
  return [await app.variantView(a.id), await app.variantView(b.id)];
}
