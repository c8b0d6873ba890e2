// Settings (key/value JSON) and the one service connection. The token is not here.
import type { Kysely } from 'kysely';
import { POST_SORTS, type PostSort } from '@preload/bridge';
import { readJson } from './json';
import type { ConnectionRow, Database } from './schema';

export async function getSetting<T>(db: Kysely<Database>, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
  // A value that is not JSON (a damaged row) is as good as none: the default stands.
  const value = row ? readJson(row.value) : undefined;
  return value === undefined ? fallback : (value as T);
}

export async function setSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto('setting')
    .values({ key, value: text })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
    .execute();
}

/** The post list's order, as the user last chose it; one this build does not know reads as the default. */
export async function getPostSort(db: Kysely<Database>): Promise<PostSort> {
  const saved = await getSetting<unknown>(db, 'postSort', null);
  return POST_SORTS.find((sort) => sort === saved) ?? 'changed';
}

export async function setPostSort(db: Kysely<Database>, sort: PostSort): Promise<void> {
  await setSetting(db, 'postSort', sort);
}

export async function getConnection(db: Kysely<Database>): Promise<ConnectionRow | undefined> {
  return db.selectFrom('connection').selectAll().where('id', '=', 1).executeTakeFirst();
}

export async function setConnection(
  db: Kysely<Database>,
  value: { baseUrl: string; authHeader: string; now: string },
): Promise<void> {
  const row = { base_url: value.baseUrl, auth_header: value.authHeader, connected_at: value.now };
  await db
    .insertInto('connection')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

export async function clearConnection(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('connection').execute();
}
