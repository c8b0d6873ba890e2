// What an import recognises as already made: the keys of imported rows kept on their variants
// (migration 0015), the local ids of an export's rows still in the workspace, and the posts
// without a variant a title-only row stands for.
import type { Kysely } from 'kysely';
import { selectByIds } from './chunks';
import type { Database } from './schema';
import { hasNoVariant } from './post-repository';

/** The values of `values` that `read` finds, asked a statement's worth at a time. */
async function foundAmong(
  values: readonly string[],
  read: (part: string[]) => Promise<(string | null)[]>,
): Promise<Set<string>> {
  const found = await selectByIds([...new Set(values)], read);
  return new Set(found.filter((v): v is string => v !== null));
}

/** Those of `keys` some variant holds (each key names its workspace). */
export async function listImportKeys(db: Kysely<Database>, keys: readonly string[]): Promise<Set<string>> {
  return foundAmong(keys, async (part) => {
    const rows = await db
      .selectFrom('variant')
      .select('import_key')
      .where('import_key', 'in', part)
      .execute();
    return rows.map((r) => r.import_key);
  });
}

/** Those of `ids` that are variants of posts in `workspace`. */
export async function listVariantIdsIn(
  db: Kysely<Database>,
  workspace: string,
  ids: readonly string[],
): Promise<Set<string>> {
  return foundAmong(ids, async (part) => {
    const rows = await db
      .selectFrom('variant')
      .innerJoin('post', 'post.id', 'variant.post_id')
      .select('variant.id')
      .where('post.workspace', '=', workspace)
      .where('variant.id', 'in', part)
      .execute();
    return rows.map((r) => r.id);
  });
}

/**
 * The posts of `workspace` a title-only row stands for already: those named by `ids` (the `post`
 * column of Outpost's own export), and those titled one of `titles` that have no variant. A post
 * without a variant has no import key of its own to recognise it by.
 */
export async function listPostsLike(
  db: Kysely<Database>,
  workspace: string,
  ids: readonly string[],
  titles: readonly string[],
): Promise<{ ids: Set<string>; titles: Set<string> }> {
  const inWorkspace = db.selectFrom('post').where('post.workspace', '=', workspace);
  const foundIds = await foundAmong(ids, async (part) => {
    const rows = await inWorkspace.select('post.id').where('post.id', 'in', part).execute();
    return rows.map((r) => r.id);
  });
  const foundTitles = await foundAmong(titles, async (part) => {
    const rows = await inWorkspace
      .select('post.title')
      .where('post.title', 'in', part)
      .where(hasNoVariant)
      .execute();
    return rows.map((r) => r.title);
  });
  return { ids: foundIds, titles: foundTitles };
}
