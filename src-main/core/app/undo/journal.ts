// The undo journal: the newest changes a user can take back, in memory, for this process only.
//
// A handler records an entry once its change has committed:
//
//   app.undo.record({
//     label: 'Rescheduled ‘Launch day’ (X) to Tue 3 Mar, 14:00',
//     postIds: [post.id],
//     inverse: async () => ({ undone: 1, refused: [] }),
//   });
//
// The journal announces it (the `undoable` event: the window offers Undo) and keeps it until
// it is undone or pushed out by newer ones. The inverse reverses the change through the same
// core paths a user's own change takes (the handlers' local change and outbox op, never a
// write of its own to the outbox, never a request), except a deletion's, which puts the rows
// and their withdrawn ops back exactly (bulk/removal.ts). It checks each item first: one that
// moved on meanwhile (published, deleted, changed again) is refused with the reason, and the
// rest are undone. One user action over many items is one entry, and its inverse one
// transaction: an inverse that throws has changed nothing, so its entry stays to be tried
// again. planning/time-change-undo.ts builds the entry of a time change and
// outbox-control/discard-undo.ts that of a discard; the bulk actions and reuse (bulk/) record
// theirs the same way.
import { COMMAND_ERRORS } from '@preload/words/errors';
import type { UndoableView, UndoResult } from '@preload/bridge';
import { newLocalId } from '../../store/ids';
import type { UndoableChange, UndoOutcome } from '../command';
import { CommandError } from '../command-error';

/** How many entries are kept: the newest. */
export const UNDO_LIMIT = 50;

interface Entry extends UndoableChange {
  id: string;
  /** Order of recording: an entry put back after a failed inverse returns to its place. */
  seq: number;
}

export interface UndoJournalOptions {
  /** Told of every entry recorded (the `undoable` event). */
  announce: (entry: UndoableView) => void;
  limit?: number;
  newId?: () => string;
}

export class UndoJournal {
  /** Oldest first. */
  #entries: Entry[] = [];
  #seq = 0;
  readonly #options: UndoJournalOptions;

  constructor(options: UndoJournalOptions) {
    this.#options = options;
  }

  get #limit(): number {
    return this.#options.limit ?? UNDO_LIMIT;
  }

  /** Keeps a change that can be taken back, and announces it. */
  record(change: UndoableChange): UndoableView {
    const entry: Entry = { ...change, id: (this.#options.newId ?? newLocalId)(), seq: ++this.#seq };
    this.#entries.push(entry);
    this.#trim();
    const view = viewOf(entry);
    this.#options.announce(view);
    return view;
  }

  /** Whether an entry kept names the post: its undo would look for it (an empty post it names is not dropped). */
  names(postId: string): boolean {
    return this.#entries.some((e) => e.postIds.includes(postId));
  }

  /** The entries kept, newest first. */
  list(): UndoableView[] {
    return this.#entries.map(viewOf).reverse();
  }

  /**
   * Takes back one entry (without `id`: the newest). The entry leaves the journal before its
   * inverse runs, so it is undone at most once, even when asked twice at the same moment.
   */
  async undo(id?: string): Promise<UndoResult> {
    const entry = id === undefined ? this.#entries.at(-1) : this.#entries.find((e) => e.id === id);
    if (entry === undefined)
      throw new CommandError(
        'not_found',
        id === undefined ? COMMAND_ERRORS.nothingToUndo : COMMAND_ERRORS.undoGone(this.#limit),
      );
    this.#entries = this.#entries.filter((e) => e !== entry);
    let outcome: UndoOutcome;
    try {
      outcome = await entry.inverse();
    } catch (error) {
      this.#putBack(entry);
      throw error;
    }
    return { label: entry.label, undone: outcome.undone, refused: outcome.refused };
  }

  #putBack(entry: Entry): void {
    const at = this.#entries.findIndex((e) => e.seq > entry.seq);
    if (at === -1) this.#entries.push(entry);
    else this.#entries.splice(at, 0, entry);
    this.#trim();
  }

  #trim(): void {
    const over = this.#entries.length - this.#limit;
    if (over > 0) this.#entries.splice(0, over);
  }
}

function viewOf(entry: Entry): UndoableView {
  return { id: entry.id, label: entry.label, postIds: [...entry.postIds] };
}
