// planning.*: what goes out when, for the calendar and the queue (issue 13).
import type { AppContext } from './app-context';
import type { Handlers } from './handlers';
import { calendarView } from './calendar-view';
import { queueView } from './planning-views';

type PlanningCommands = 'planning.calendar' | 'planning.queue';

export function planningHandlers(app: AppContext): Handlers<PlanningCommands> {
  return {
    'planning.calendar': (p) => calendarView(app.db, p),
    'planning.queue': (p) => queueView(app.db, p, new Date(app.now())),
  };
}
