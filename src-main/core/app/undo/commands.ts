// undo.*: takes back a change the journal kept (journal.ts); the entries come from the
// commands that can be undone (their records say `undoable: true`).
import { z } from 'zod';
import type { Commands } from '../command';
import { id } from '../schemas';

export const undoCommands: Commands<'undo.run'> = {
  'undo.run': {
    payload: z.strictObject({ id: id.optional() }),
    // An entry's label and its refusals name items and quote reasons.
    quotesService: true,
    undoable: false,
    run: (app, { id }) => app.takeBack(id),
  },
};
