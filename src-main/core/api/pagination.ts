// The two pagination styles of spec section 8, as pure decisions the client loops on.

/** Posts and activity: the counted envelope, `limit=100`. */
export const ENVELOPE_PAGE_LIMIT = 100;
/** Skills: bare arrays, `limit` up to 200; the service holds at most the newest 200 rows. */
export const SKILLS_PAGE_LIMIT = 200;
export const SKILLS_MAX_TOTAL = 200;

export type PageDecision =
  { action: 'next'; offset: number; reason: string } | { action: 'stop'; reason: string };

export interface EnvelopePageFacts {
  /** The offset the page says it starts at (the one requested when the service did not echo it). */
  offset: number;
  /** The limit the service applied (it clamps), else the one requested. */
  limit: number;
  count: number;
  received: number;
}

/** Continue while `offset + limit < count` (spec section 8), but never loop on an empty page. */
export function nextEnvelopePage(page: EnvelopePageFacts): PageDecision {
  if (page.offset + page.limit >= page.count) {
    return { action: 'stop', reason: 'offset + limit reached count' };
  }
  if (page.received === 0) {
    // The count promised more but the page was empty: the rows went away while paging.
    return { action: 'stop', reason: 'empty page before count was reached' };
  }
  if (page.limit <= 0) return { action: 'stop', reason: 'service reported a non-positive limit' };
  return { action: 'next', offset: page.offset + page.limit, reason: 'offset + limit below count' };
}

export interface SkillsPageFacts {
  offset: number;
  requestedLimit: number;
  received: number;
  /** Rows gathered so far, this page included. */
  total: number;
}

/** Keep asking for the next offset until a page is shorter than the limit; never past 200 rows. */
export function nextSkillsPage(page: SkillsPageFacts): PageDecision {
  if (page.received < page.requestedLimit) return { action: 'stop', reason: 'short page' };
  if (page.total >= SKILLS_MAX_TOTAL) {
    return { action: 'stop', reason: 'the service holds at most the newest 200 skills' };
  }
  return { action: 'next', offset: page.offset + page.received, reason: 'full page' };
}
