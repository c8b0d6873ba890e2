// Caches of what the service lists: workspaces, profiles, skills and activity pages.
import type { Kysely } from 'kysely';
import { readJson } from './json';
import type { Database, SocialProfileRow, WorkspaceAccess, WorkspaceRow } from './schema';

export async function upsertWorkspaces(
  db: Kysely<Database>,
  items: Array<{ slug: string; name: string | null; raw: unknown }>,
  now: string,
): Promise<void> {
  for (const w of items) {
    const row = { name: w.name, raw: JSON.stringify(w.raw), seen_at: now };
    await db
      .insertInto('workspace')
      .values({ slug: w.slug, ...row })
      .onConflict((oc) => oc.column('slug').doUpdateSet(row))
      .execute();
  }
}

/** Records whether this account can reach a workspace; returns true when it changed. */
export async function setWorkspaceAccess(
  db: Kysely<Database>,
  slug: string,
  access: WorkspaceAccess,
): Promise<boolean> {
  const r = await db
    .updateTable('workspace')
    .set({ access })
    .where('slug', '=', slug)
    .where('access', '!=', access)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Workspaces this account cannot reach now (403, or gone from its list): their ops wait. */
export async function listUnavailableWorkspaces(
  db: Kysely<Database>,
): Promise<Array<Pick<WorkspaceRow, 'slug' | 'name' | 'access'>>> {
  return db
    .selectFrom('workspace')
    .select(['slug', 'name', 'access'])
    .where('access', '!=', 'ok')
    .orderBy('slug')
    .execute();
}

/** Whether the workspace is one this account has been shown. */
export async function hasWorkspace(db: Kysely<Database>, slug: string): Promise<boolean> {
  const row = await db.selectFrom('workspace').select('slug').where('slug', '=', slug).executeTakeFirst();
  return row !== undefined;
}

export async function listWorkspaces(db: Kysely<Database>): Promise<WorkspaceRow[]> {
  return db.selectFrom('workspace').selectAll().orderBy('slug').execute();
}

export async function replaceProfiles(
  db: Kysely<Database>,
  workspace: string,
  items: Array<{ id: string; platform: string; is_active: boolean; label: string | null; raw: unknown }>,
  now: string,
): Promise<void> {
  await db.deleteFrom('social_profile').where('workspace', '=', workspace).execute();
  for (const p of items) {
    await db
      .insertInto('social_profile')
      .values({
        workspace,
        id: p.id,
        platform: p.platform,
        is_active: p.is_active ? 1 : 0,
        label: p.label,
        raw: JSON.stringify(p.raw),
        seen_at: now,
      })
      .execute();
  }
}

export async function listProfiles(db: Kysely<Database>, workspace: string): Promise<SocialProfileRow[]> {
  return db
    .selectFrom('social_profile')
    .selectAll()
    .where('workspace', '=', workspace)
    .orderBy('platform')
    .orderBy('id')
    .execute();
}

export async function replaceSkills(
  db: Kysely<Database>,
  workspace: string,
  skills: unknown[],
  now: string,
): Promise<void> {
  await db.deleteFrom('skill').where('workspace', '=', workspace).execute();
  let position = 0;
  for (const s of skills) {
    await db
      .insertInto('skill')
      .values({ workspace, position: position++, raw: JSON.stringify(s), fetched_at: now })
      .execute();
  }
}

export async function listSkills(db: Kysely<Database>, workspace: string): Promise<unknown[]> {
  const rows = await db
    .selectFrom('skill')
    .select('raw')
    .where('workspace', '=', workspace)
    .orderBy('position')
    .execute();
  // A cached skill that cannot be read (a damaged row) is left out: each sync fetches them again.
  return rows.map((r) => readJson(r.raw)).filter((skill) => skill !== undefined);
}

export async function cacheActivity(
  db: Kysely<Database>,
  postId: string,
  offset: number,
  entries: unknown[],
  now: string,
): Promise<void> {
  await db
    .deleteFrom('activity_entry')
    .where('post_id', '=', postId)
    .where('position', '>=', offset)
    .where('position', '<', offset + entries.length)
    .execute();
  let position = offset;
  for (const e of entries) {
    await db
      .insertInto('activity_entry')
      .values({ post_id: postId, position: position++, raw: JSON.stringify(e), fetched_at: now })
      .execute();
  }
}
