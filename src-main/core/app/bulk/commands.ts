// Many posts at once, and reuse: reschedule and unschedule many variants, delete what never
// reached the service, move, hide here and show again, duplicate, copy a variant's text. Each
// command checks every item against its own actions, makes its local change in one transaction
// (one outbox op per item changed), answers a BulkReport, and can be undone as one entry.
import { z } from 'zod';
import { shiftProblem } from '@preload/time-shift';
import { isTimeZone } from '@preload/zoned-time';
import type { Commands } from '../command';
import { id, ids, slug } from '../schemas';
import { movePostsUndoably, setHiddenUndoably } from './moves';
import { deletePostsUndoably, deleteVariantsUndoably } from './removal';
import { copyTextUndoably, duplicatePostsUndoably } from './reuse';
import { rescheduleMany, unscheduleMany } from './times';

const timeShift = z
  .union([
    z.strictObject({ by: z.strictObject({ days: z.int(), minutes: z.int() }) }),
    z.strictObject({ toDay: z.string().max(10) }),
  ])
  .superRefine((shift, ctx) => {
    const problem = shiftProblem(shift);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
const zone = z.string().max(100).refine(isTimeZone, { message: 'must be a time zone such as Europe/Paris' });
const many = z.strictObject({ ids });

type BulkCommands =
  | 'variants.reschedule'
  | 'variants.unscheduleMany'
  | 'variants.delete'
  | 'variants.copyText'
  | 'posts.duplicate'
  | 'posts.delete'
  | 'posts.move'
  | 'posts.hide'
  | 'posts.show';

export const bulkCommands: Commands<BulkCommands> = {
  'variants.reschedule': {
    payload: z.strictObject({ ids, shift: timeShift, zone }),
    quotesService: false,
    undoable: true,
    run: (app, p) => rescheduleMany(app, p.ids, p.shift, p.zone),
  },
  'variants.unscheduleMany': {
    payload: many,
    quotesService: false,
    undoable: true,
    run: (app, p) => unscheduleMany(app, p.ids),
  },
  'variants.delete': {
    payload: many,
    quotesService: false,
    undoable: true,
    run: (app, p) => deleteVariantsUndoably(app, p.ids),
  },
  'variants.copyText': {
    payload: z.strictObject({ id, fromId: id }),
    quotesService: false,
    undoable: true,
    run: (app, p) => copyTextUndoably(app, p.id, p.fromId),
  },
  'posts.duplicate': {
    payload: many,
    quotesService: false,
    undoable: true,
    run: (app, p) => duplicatePostsUndoably(app, p.ids),
  },
  'posts.delete': {
    payload: many,
    quotesService: false,
    undoable: true,
    run: (app, p) => deletePostsUndoably(app, p.ids),
  },
  'posts.move': {
    payload: z.strictObject({ ids, workspace: slug.nullable() }),
    quotesService: false,
    undoable: true,
    run: (app, p) => movePostsUndoably(app, p.ids, p.workspace),
  },
  'posts.hide': {
    payload: many,
    quotesService: false,
    undoable: true,
    run: (app, p) => setHiddenUndoably(app, p.ids, true),
  },
  'posts.show': {
    payload: many,
    quotesService: false,
    undoable: true,
    run: (app, p) => setHiddenUndoably(app, p.ids, false),
  },
};
