// undo.*: takes back a change the journal kept (undo.ts); the entries come from the handlers
// whose changes can be undone.
import type { AppContext } from './app-context';
import type { Handlers } from './handlers';

export function undoHandlers(app: AppContext): Handlers<'undo.run'> {
  return {
    'undo.run': ({ id }) => app.undo.undo(id),
  };
}
