// Many posts at once, and reuse (issue 25, items 3 and 4): reschedule and unschedule many
// variants, delete what never reached the service, move, hide here and show again, duplicate,
// copy a variant's text. Each command checks every item against its own actions, makes its
// local change in one transaction (one outbox op per item changed), answers a BulkReport, and
// records one undo entry for the whole action.
import type { AppContext } from '../app-context';
import { rescheduleMany, unscheduleMany } from './times';
import type { Handlers } from '../handlers';
import { deletePostsUndoably, deleteVariantsUndoably } from './removal';
import { movePostsUndoably, setHiddenUndoably } from './moves';
import { copyTextUndoably, duplicatePostsUndoably } from './reuse';

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

export function bulkHandlers(app: AppContext): Handlers<BulkCommands> {
  return {
    'variants.reschedule': (p) => rescheduleMany(app, p.ids, p.shift, p.zone),
    'variants.unscheduleMany': (p) => unscheduleMany(app, p.ids),
    'variants.delete': (p) => deleteVariantsUndoably(app, p.ids),
    'variants.copyText': (p) => copyTextUndoably(app, p.id, p.fromId),
    'posts.duplicate': (p) => duplicatePostsUndoably(app, p.ids),
    'posts.delete': (p) => deletePostsUndoably(app, p.ids),
    'posts.move': (p) => movePostsUndoably(app, p.ids, p.workspace),
    'posts.hide': (p) => setHiddenUndoably(app, p.ids, true),
    'posts.show': (p) => setHiddenUndoably(app, p.ids, false),
  };
}
