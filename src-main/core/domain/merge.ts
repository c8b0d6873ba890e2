// Three-way merge of one field: base (the last service state seen), mine (local), theirs (the
// service now). A field changed on both sides since the base is a conflict the user resolves.
import type { FieldConflict } from '@preload/bridge';

export type MergeDecision =
  | { action: 'unchanged'; reason: string }
  | { action: 'keep_mine'; reason: string }
  | { action: 'take_theirs'; reason: string }
  | { action: 'conflict'; reason: string };

export function mergeField<T>(
  base: T,
  mine: T,
  theirs: T,
  equal: (a: T, b: T) => boolean = Object.is,
): MergeDecision {
  const mineChanged = !equal(base, mine);
  const theirsChanged = !equal(base, theirs);
  if (!theirsChanged)
    return mineChanged
      ? { action: 'keep_mine', reason: 'Only changed here.' }
      : { action: 'unchanged', reason: 'No change.' };
  if (!mineChanged) return { action: 'take_theirs', reason: 'Only changed on the service.' };
  if (equal(mine, theirs)) return { action: 'take_theirs', reason: 'Both sides made the same change.' };
  return { action: 'conflict', reason: 'Changed both here and on the service since the last sync.' };
}

export function sameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isNaN(ta) || Number.isNaN(tb) ? a === b : ta === tb;
}

export function conflictFields(
  entries: Array<{
    field: FieldConflict['field'];
    base: string | null;
    mine: string | null;
    theirs: string | null;
    equal?: (a: string | null, b: string | null) => boolean;
  }>,
): { conflicts: FieldConflict[]; takeTheirs: Array<FieldConflict['field']> } {
  const conflicts: FieldConflict[] = [];
  const takeTheirs: Array<FieldConflict['field']> = [];
  for (const e of entries) {
    const d = mergeField(e.base, e.mine, e.theirs, e.equal ?? Object.is);
    if (d.action === 'conflict') conflicts.push({ field: e.field, mine: e.mine, theirs: e.theirs });
    if (d.action === 'take_theirs') takeTheirs.push(e.field);
  }
  return { conflicts, takeTheirs };
}
