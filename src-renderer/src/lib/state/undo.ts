// Undo in the window: each change the core announces as undoable is offered in a notice with
// an Undo button, and Ctrl/Cmd+Z outside a text field undoes the newest (the shell asks). Either
// way a notice then says what was undone, or why not. One undo notice at a time, the newest:
// a run of moves must not push out the notices that need the user (older changes stay
// undoable with Ctrl+Z, one after another).
import type { UndoableView, UndoResult } from '@preload/bridge';
import { errorMessage, invoke } from '../bridge';
import type { NoticeAction, NoticeContent, NoticesState } from './notices.svelte';

const notice = (title: string, body: string, postId: string | null): NoticeContent => ({
  kind: 'undo',
  title,
  body,
  url: null,
  postId,
  variantId: null,
});

export class UndoOffers {
  /** The undo notice on screen, if any. */
  private shown: number | null = null;
  private readonly notices: NoticesState;
  private readonly run: (id?: string) => Promise<UndoResult>;

  constructor(
    notices: NoticesState,
    run: (id?: string) => Promise<UndoResult> = (id) => invoke('undo.run', id === undefined ? {} : { id }),
  ) {
    this.notices = notices;
    this.run = run;
  }

  /** A change the core can take back: a notice names it, with Undo. */
  offer(change: UndoableView): void {
    const onePost = change.postIds.length === 1 ? (change.postIds[0] ?? null) : null;
    this.replace(notice(change.label, '', onePost), { label: 'Undo', run: () => this.undo(change.id) });
  }

  /** Undoes one change (without `id`: the newest) and says how it went. */
  async undo(id?: string): Promise<void> {
    let result: UndoResult;
    try {
      result = await this.run(id);
    } catch (error) {
      this.replace(notice('Nothing undone', errorMessage(error), null));
      return;
    }
    this.replace(notice(...undoneWords(result), null));
  }

  private replace(content: NoticeContent, action?: NoticeAction): void {
    if (this.shown !== null) this.notices.dismiss(this.shown);
    this.shown = this.notices.show(content, action);
  }
}

/** The title and body of the notice that follows an undo. */
export function undoneWords(result: UndoResult): [string, string] {
  const reasons = result.refused.map((r) => r.reason).join(' ');
  if (result.refused.length === 0) return ['Undone', result.label];
  if (result.undone === 0) return ['Could not undo', `${result.label}. ${reasons}`];
  return [
    'Undone in part',
    `${result.label}: ${result.undone} put back, ${result.refused.length} could not be. ${reasons}`,
  ];
}
