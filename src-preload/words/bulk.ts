// The words of a bulk action's report, as the window shows it: "12 rescheduled, 1 refused: this variant is already
// published; it cannot change." and, on demand, each refusal with the item it is about.
import type { BulkReport, PostSummary } from '../bridge';
import { platformName } from '../platforms';
import { lowerFirst } from './plain';

export type BulkAction =
  'queue' | 'reschedule' | 'unschedule' | 'move' | 'duplicate' | 'delete' | 'hide' | 'show';

const DONE: Record<BulkAction, string> = {
  queue: 'added to the queue',
  reschedule: 'rescheduled',
  unschedule: 'unscheduled',
  move: 'moved',
  duplicate: 'duplicated',
  delete: 'deleted',
  hide: 'hidden here',
  show: 'shown again',
};

/** One line: how many changed, how many were refused, and why when they share one reason. */
export function reportSummary(action: BulkAction, report: BulkReport): string {
  const done = `${report.done} ${DONE[action]}`;
  if (report.refused.length === 0) return done;
  const reasons = new Set(report.refused.map((r) => r.reason));
  const [only] = reasons;
  const why = reasons.size === 1 && only !== undefined ? `: ${lowerFirst(only)}` : '';
  return `${done}, ${report.refused.length} refused${why}`;
}

/** "‘Launch day’ (X)" for a variant of a listed post, "‘Launch day’" for a post. */
export function itemLabel(id: string, posts: readonly PostSummary[]): string {
  for (const post of posts) {
    const title = `‘${post.title.trim() || 'Untitled post'}’`;
    if (post.id === id) return title;
    const variant = post.variants.find((v) => v.id === id);
    if (variant) return `${title} (${platformName(variant.platform)})`;
  }
  return 'An item no longer listed';
}

/** Each refusal in words, naming its item. */
export function refusalLines(report: BulkReport, posts: readonly PostSummary[]): string[] {
  return report.refused.map((r) => `${itemLabel(r.id, posts)}: ${r.reason}`);
}
