// Undo: a change the user can take back, and taking it back.
import type { LocalId } from './items';

/** A change the user can take back: announced by the `undoable` event, reversed by `undo.run`. */
export interface UndoableView {
  id: string;
  /**
   * What was done, in words: "Rescheduled ‘Launch day’ (X) to ⟦2026-03-03T13:00:00.000Z⟧"; its
   * instants are written in the reader's zone where it is shown (words/instants.ts).
   */
  label: string;
  postIds: LocalId[];
}

export interface UndoResult {
  /** The label of the change undone. */
  label: string;
  /** How many of its items are back as they were. */
  undone: number;
  /** The items that had moved on meanwhile (published, deleted, changed again), and why. */
  refused: Array<{ postId: LocalId; reason: string }>;
}

/** undo.run. */
export interface UndoCommands {
  /** Takes back one change announced by `undoable` (without `id`: the newest), at most once. */
  'undo.run': { payload: { id?: string }; result: UndoResult };
}

/** The names of these commands (a host checks a name against every feature\'s). */
export const UNDO_COMMANDS: Record<keyof UndoCommands, true> = {
  'undo.run': true,
};
