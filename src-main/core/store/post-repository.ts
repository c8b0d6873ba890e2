// Posts: local rows with an optional server id and the base snapshot of the last server state.
import { sql, type Kysely } from 'kysely';
import type { Database, NewPostRow, PostRow, PostUpdate } from './schema';

export interface PostBase {
  title: string;
}

export function parseJson<T>(text: string | null): T | null {
  if (text === null) return null;
  return JSON.parse(text) as T;
}

export async function insertPost(db: Kysely<Database>, row: NewPostRow): Promise<void> {
  await db.insertInto('post').values(row).execute();
}

export async function getPost(db: Kysely<Database>, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('post').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePost(db: Kysely<Database>, id: string, patch: PostUpdate): Promise<void> {
  await db.updateTable('post').set(patch).where('id', '=', id).execute();
}

export async function findPostByServerId(
  db: Kysely<Database>,
  workspace: string,
  serverId: string,
): Promise<PostRow | undefined> {
  return db
    .selectFrom('post')
    .selectAll()
    .where('workspace', '=', workspace)
    .where('server_id', '=', serverId)
    .executeTakeFirst();
}

export async function listPosts(
  db: Kysely<Database>,
  workspace: string | null,
  query?: string,
): Promise<PostRow[]> {
  let q = db.selectFrom('post').selectAll();
  q = workspace === null ? q.where('workspace', 'is', null) : q.where('workspace', '=', workspace);
  if (query && query.trim() !== '') {
    const like = `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        // SQLite's LIKE ignores ASCII case; the escape keeps % and _ in a query literal.
        sql<boolean>`post.title like ${like} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('variant')
            .select('variant.id')
            .whereRef('variant.post_id', '=', 'post.id')
            .where(sql<boolean>`variant.content like ${like} escape '\\'`),
        ),
      ]),
    );
  }
  return q.orderBy('updated_at', 'desc').orderBy('id').execute();
}

export async function listLinkedPosts(db: Kysely<Database>, workspace: string): Promise<PostRow[]> {
  return db
    .selectFrom('post')
    .selectAll()
    .where('workspace', '=', workspace)
    .where('server_id', 'is not', null)
    .execute();
}

export async function countPostsByWorkspace(db: Kysely<Database>): Promise<Map<string | null, number>> {
  const rows = await db
    .selectFrom('post')
    .select(['workspace', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('workspace')
    .execute();
  return new Map(rows.map((r) => [r.workspace, Number(r.n)]));
}
