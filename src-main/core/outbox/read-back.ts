// After a create of unknown outcome: what on the service could be what it made. Only items not
// linked to anything local can be, and only one may be adopted without asking: with two or
// more (someone made a look-alike at the same moment), the user chooses.
import { ANSWER_WORDS, OUTBOX_REASONS } from '@preload/words/outbox';
import type { Candidate } from './op-events';
import type { Settlement } from './op-store';
import type { SyncContext } from '../store/unit-of-work';

export type Match<T> = { found: 'none' } | { found: 'one'; item: T } | { found: 'several'; items: T[] };

export function matchUnlinked<T extends { id: string }>(
  candidates: readonly T[],
  linkedServerIds: ReadonlySet<string>,
  same: (c: T) => boolean,
): Match<T> {
  const items = candidates.filter((c) => !linkedServerIds.has(c.id) && same(c));
  if (items.length === 0) return { found: 'none' };
  if (items.length === 1) return { found: 'one', item: items[0] as T };
  return { found: 'several', items };
}

/** A short, readable line naming a candidate (its id, and what the service shows of it). */
export function candidateOf(id: string, text: string): Candidate {
  const line = text.split('\n')[0] ?? '';
  return { serverId: id, label: `${line.length > 60 ? `${line.slice(0, 59)}…` : line} (id ${id})` };
}

/** What a create's earlier tries left to its read-back (runner.ts `unknownCreate`). */
export interface CreateTries<T> {
  /** Its requests whose outcome stayed unknown. */
  unknownSends: number;
  /** The records its unclear answers named. */
  answeredIds: readonly string[];
  /** Everything on the service no local item is linked to: where a named record is looked for. */
  unlinked: readonly T[];
}

/** Requests of a create whose outcome stayed unknown, after which it is not sent again by itself. */
export const CREATE_TRIES = 2;

/**
 * What a create's read-back found, as the settlement the push applies: nothing (send it again,
 * unless it went twice already: then the user decides), one match (adopt it, recorded by
 * `link`), or several (ask the user, changing nothing). Among several look-alikes, the one an
 * answer named by its id is the one the create made.
 */
export function settleMatch<T extends { id: string }>(
  kind: 'create_post' | 'create_variant',
  found: Match<T>,
  describe: {
    several: string;
    candidate: (item: T) => Candidate;
    link: (item: T) => (t: SyncContext) => Promise<void>;
  },
  tries: CreateTries<T>,
): Settlement {
  let m = found;
  const named = m.found === 'several' ? m.items.filter((i) => tries.answeredIds.includes(i.id)) : [];
  if (named.length === 1) m = { found: 'one', item: named[0] as T };
  if (m.found === 'none' && tries.unknownSends >= CREATE_TRIES) {
    const what = kind === 'create_post' ? 'post' : 'variant';
    return {
      event: {
        type: 'read_back_ambiguous',
        reason: ANSWER_WORDS.twiceUnknown(what),
        question: ANSWER_WORDS.twiceUnknownQuestion(what),
        candidates: tries.unlinked.filter((i) => tries.answeredIds.includes(i.id)).map(describe.candidate),
      },
      action: `${kind}_twice_unknown`,
    };
  }
  if (m.found === 'none')
    return {
      event: {
        type: 'read_back_absent',
        reason: 'Nothing on the service matches: the first request was not applied.',
      },
      action: `${kind}_recreate`,
    };
  if (m.found === 'several')
    return {
      event: {
        type: 'read_back_ambiguous',
        reason: `${m.items.length} ${describe.several} appeared on the service: Outpost cannot tell which is its own, and changes nothing until you choose.`,
        candidates: m.items.map(describe.candidate),
      },
      action: `${kind}_ambiguous`,
    };
  return {
    event: {
      type: 'answered',
      reason: OUTBOX_REASONS.adopted(m.item.id),
    },
    action: `${kind}_adopt`,
    record: describe.link(m.item),
  };
}
