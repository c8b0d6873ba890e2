// What an import recognises as already made: the keys of imported rows kept on their variants
// (migration 0015), the local ids of an export's rows still in the workspace, and the posts
// without a variant a title-only row stands for.
import type { Kysely } from 'kysely';
import { chunked, IDS_PER_STATEMENT } from './chunks';
import type { Database } from './schema';

/** Those of `keys` some variant holds (each key names its workspace). */
export async function listImportKeys(db: Kysely<Database>, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunked([...new Set(keys)], IDS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom('variant')
      .select('import_key')
      .where('import_key', 'in', part)
      .execute();
    for (const r of rows) if (r.import_key !== null) found.add(r.import_key);
  }
  return found;
}

/** Those of `ids` that are variants of posts in `workspace`. */
export async function listVariantIdsIn(
  db: Kysely<Database>,
  workspace: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunked([...new Set(ids)], IDS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom('variant')
      .innerJoin('post', 'post.id', 'variant.post_id')
      .select('variant.id')
      .where('post.workspace', '=', workspace)
      .where('variant.id', 'in', part)
      .execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
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
  const found = { ids: new Set<string>(), titles: new Set<string>() };
  for (const part of chunked([...new Set(ids)], IDS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom('post')
      .select('id')
      .where('workspace', '=', workspace)
      .where('id', 'in', part)
      .execute();
    for (const r of rows) found.ids.add(r.id);
  }
  for (const part of chunked([...new Set(titles)], IDS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom('post')
      .select('post.title')
      .where('post.workspace', '=', workspace)
      .where('post.title', 'in', part)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('variant').select('variant.id').whereRef('variant.post_id', '=', 'post.id'),
          ),
        ),
      )
      .execute();
    for (const r of rows) found.titles.add(r.title);
  }
  return found;
}
