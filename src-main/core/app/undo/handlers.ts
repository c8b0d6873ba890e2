// undo.*: takes back a change the journal kept (journal.ts); the entries come from the
// features whose changes can be undone.
import type { Handlers } from '../handlers';
import type { UndoJournal } from './journal';

export function undoHandlers(journal: UndoJournal): Handlers<'undo.run'> {
  return {
    'undo.run': ({ id }) => journal.undo(id),
  };
}
