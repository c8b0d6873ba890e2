// The fields changed here and on the service, kept as JSON in an item's `conflict` column until
// the person chooses. A column that cannot be read (a damaged row) still says the item is in
// conflict, never that it is not: nothing of it is sent until the person has chosen, and they
// are offered its text against the service's last known one, so neither choice loses it.
import { z } from 'zod';
import type { FieldConflict } from '@preload/bridge';
import { readJson } from './json';
import { postBase } from './post-repository';
import type { PostRow, VariantRow } from './schema';
import { variantBaseField } from './variant-repository';

const storedConflicts = z.array(
  z.object({
    field: z.enum(['title', 'content', 'scheduled_at', 'social_profile_id']),
    mine: z.string().nullable(),
    theirs: z.string().nullable(),
  }),
);

/** The conflicts as kept, or null when the column holds something else. */
function read(stored: string): FieldConflict[] | null {
  const parsed = storedConflicts.safeParse(readJson(stored));
  return parsed.success ? parsed.data : null;
}

/** Whether the item waits for the person's choice: a conflict kept, or one that cannot be read. */
export function inConflict(stored: string | null): boolean {
  if (stored === null) return false;
  const conflicts = read(stored);
  return conflicts === null || conflicts.length > 0;
}

/**
 * The item's conflicts; none for SQL null. For a column that cannot be read, its text (`field`)
 * here against what the service last held (its base), or the same again when that is not known.
 */
function conflictsOf(
  stored: string | null,
  field: 'title' | 'content',
  mine: string,
  theirs: () => string | null,
): FieldConflict[] {
  if (stored === null) return [];
  return read(stored) ?? [{ field, mine, theirs: theirs() ?? mine }];
}

/** A variant's conflicts (see conflictsOf). */
export function variantConflicts(v: Pick<VariantRow, 'conflict' | 'content' | 'base'>): FieldConflict[] {
  return conflictsOf(v.conflict, 'content', v.content, () => variantBaseField(v, 'content'));
}

/** A post's conflicts (see conflictsOf). */
export function postConflicts(post: Pick<PostRow, 'conflict' | 'title' | 'base'>): FieldConflict[] {
  return conflictsOf(post.conflict, 'title', post.title, () => postBase(post)?.title ?? null);
}
