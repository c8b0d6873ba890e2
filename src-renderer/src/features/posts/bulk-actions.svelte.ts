// The bulk bar's actions over the posts picked in the list. Each is one core command over many
// ids (its variants' for the time actions, the posts' for the others), answered by a report in
// words; the core records one undo entry for it, which the window offers in a notice.
import type { BulkReport, PostSummary, TimeShift } from '@preload/bridge';
import { errorMessage, invoke } from '../../lib/bridge';
import { refusalLines, reportSummary, type BulkAction } from '@preload/words/bulk';

export interface BulkOutcome {
  action: BulkAction;
  summary: string;
  /** Each refusal with the item it is about, shown on demand. */
  refusals: string[];
}

/** What an action needs of the selection, and what it asks of the core. */
type Command = (posts: PostSummary[]) => {
  ids: string[];
  none: string;
  run: (ids: string[]) => Promise<BulkReport>;
};

const variantsOf = (posts: PostSummary[]): string[] => posts.flatMap((p) => p.variants.map((v) => v.id));
const timedVariantsOf = (posts: PostSummary[]): string[] =>
  posts.flatMap((p) => p.variants.filter((v) => v.scheduledAt !== null).map((v) => v.id));
const idsOf = (posts: PostSummary[]): string[] => posts.map((p) => p.id);

export class BulkActions {
  busy = $state<BulkAction | null>(null);
  outcome = $state<BulkOutcome | null>(null);
  error = $state<string | null>(null);

  readonly #selected: () => PostSummary[];
  readonly #after: () => Promise<void>;

  /** `selected`: the posts picked, in the list's order; `after`: what follows a change (a reload). */
  constructor(selected: () => PostSummary[], after: () => Promise<void>) {
    this.#selected = selected;
    this.#after = after;
  }

  addToQueue(): Promise<void> {
    return this.#run('queue', (posts) => ({
      ids: variantsOf(posts),
      none: 'The selected posts have no variants to queue.',
      run: (variantIds) => invoke('planning.addToQueue', { variantIds }),
    }));
  }

  reschedule(shift: TimeShift, zone: string): Promise<void> {
    return this.#run('reschedule', (posts) => ({
      ids: timedVariantsOf(posts),
      none: 'None of the selected posts has a time to move.',
      run: (ids) => invoke('variants.reschedule', { ids, shift, zone }),
    }));
  }

  unschedule(): Promise<void> {
    return this.#run('unschedule', (posts) => ({
      ids: timedVariantsOf(posts),
      none: 'None of the selected posts has a time to clear.',
      run: (ids) => invoke('variants.unscheduleMany', { ids }),
    }));
  }

  move(workspace: string | null): Promise<void> {
    return this.#posts('move', (ids) => invoke('posts.move', { ids, workspace }));
  }

  duplicate(): Promise<void> {
    return this.#posts('duplicate', (ids) => invoke('posts.duplicate', { ids }));
  }

  /**
   * Deletes the picked posts that never reached the service; the others are not asked about (the
   * service offers no deletion: the bar offers Hide for them instead).
   */
  delete(): Promise<void> {
    return this.#run('delete', (posts) => ({
      ids: idsOf(posts.filter((p) => !p.onService)),
      none: 'Every selected post is on the service, which offers no deletion: hide them here instead.',
      run: (ids) => invoke('posts.delete', { ids }),
    }));
  }

  hide(): Promise<void> {
    return this.#posts('hide', (ids) => invoke('posts.hide', { ids }));
  }

  show(): Promise<void> {
    return this.#posts('show', (ids) => invoke('posts.show', { ids }));
  }

  /** The report has been read (or the selection cleared). */
  dismiss(): void {
    this.outcome = null;
    this.error = null;
  }

  #posts(action: BulkAction, run: (ids: string[]) => Promise<BulkReport>): Promise<void> {
    return this.#run(action, (posts) => ({ ids: idsOf(posts), none: 'No post is selected.', run }));
  }

  async #run(action: BulkAction, command: Command): Promise<void> {
    if (this.busy !== null) return;
    // Names are taken now: a deleted or hidden post leaves the list before its report is read.
    const posts = this.#selected();
    const { ids, none, run } = command(posts);
    this.outcome = null;
    this.error = null;
    if (ids.length === 0) {
      this.error = none;
      return;
    }
    this.busy = action;
    try {
      const report = await run(ids);
      this.outcome = {
        action,
        summary: reportSummary(action, report),
        refusals: refusalLines(report, posts),
      };
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = null;
    }
    await this.#after();
  }
}
