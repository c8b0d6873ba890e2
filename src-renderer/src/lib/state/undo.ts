// Undo in the window: each change the core announces as undoable is offered in a notice with
// an Undo button, and Ctrl/Cmd+Z outside a text field undoes the newest (the shell asks). Either
// way a notice then says what was undone, or why not, and the offer of that change goes.
import type { UndoableView, UndoResult } from '../../../../src-preload/bridge';
import { errorMessage, invoke } from '../bridge';
import type { NoticeContent, NoticesState } from './notices.svelte';

const notice = (title: string, body: string, postId: string | null): NoticeContent => ({
  kind: 'undo',
  title,
  body,
  url: null,
  postId,
  variantId: null,
});

export class UndoOffers {
  /** The notice offering each change, by the change's id. */
  private readonly offers = new Map<string, number>();
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
    const key = this.notices.show(notice(change.label, '', onePost), {
      label: 'Undo',
      run: () => this.undo(change.id),
    });
    this.offers.set(change.id, key);
  }

  /** Undoes one change (without `id`: the newest) and says how it went. */
  async undo(id?: string): Promise<void> {
    let result: UndoResult;
    try {
      result = await this.run(id);
    } catch (error) {
      this.notices.show(notice('Nothing undone', errorMessage(error), null));
      return;
    }
    const offered = this.offers.get(result.id);
    if (offered !== undefined) this.notices.dismiss(offered);
    this.offers.delete(result.id);
    this.notices.show(notice(...undoneWords(result), null));
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
