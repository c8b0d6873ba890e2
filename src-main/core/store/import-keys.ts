// What an import recognises as already made: the keys of imported rows kept on their variants
// (migration 0015), and the local ids of an export's rows still in the workspace.
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
