// data.*: the data folder itself, its copies and the export of everything (data-actions.ts).
import { z } from 'zod';
import type { DataCommands } from '@preload/bridge';
import type { Commands } from '../command';
import { none } from '../schemas';

const path = z.string().min(1, 'must not be empty').max(4096);

export const dataCommands: Commands<keyof DataCommands> = {
  'data.status': {
    payload: none,
    quotesService: false,
    undoable: false,
    run: (app) => app.data.status(),
  },
  'data.dismissNotice': {
    payload: none,
    quotesService: false,
    undoable: false,
    run: (app) => app.data.dismissNotice(),
  },
  'data.backup': {
    payload: none,
    quotesService: false,
    undoable: false,
    run: (app) => app.data.backup(),
  },
  'data.backups': {
    payload: none,
    quotesService: false,
    undoable: false,
    run: (app) => Promise.resolve(app.data.backups()),
  },
  'data.export': {
    payload: none,
    quotesService: false,
    undoable: false,
    run: (app) => app.data.exportAll(),
  },
  'data.import': {
    // An export's whole text: checked field by field when it is read (import-document.ts).
    payload: z.union([
      z.strictObject({ document: z.string().min(1, 'must not be empty') }),
      z.strictObject({ copy: path }),
    ]),
    quotesService: false,
    undoable: false,
    run: (app, p) => app.data.bringBack(p),
  },
};
