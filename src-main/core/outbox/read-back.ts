// After a create of unknown outcome: what on the service could be what it made. Only items not
// linked to anything local can be, and only one may be adopted without asking: with two or
// more (someone made a look-alike at the same moment), the user chooses.
import type { Candidate } from './op-machine';

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
