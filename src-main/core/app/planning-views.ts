// What the planning screens ask of the core (issue 13): the post list's state filter by
// variant, and the calendar and queue views over store/planning-queries.ts.
import type { PostFilter, PostSummary } from '../../../src-preload/bridge';

/** A post matches a state by its own state or by any of its variants' (a live LinkedIn variant
 * makes the post "Published" to the filter even while its X variant is still scheduled). */
export function matchesFilter(post: Pick<PostSummary, 'state' | 'variants'>, filter: PostFilter): boolean {
  if (filter === 'all') return true;
  return post.state === filter || post.variants.some((v) => v.state === filter);
}
