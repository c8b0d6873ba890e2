// Which window cores have this data folder open, across processes. A window's core drops, as it
// starts, the empty new posts a crash or a closed window left (app/posts/untouched.ts); a second
// window host open on the same folder (the desktop app beside the browser host) may be showing
// one of them, so the drop waits while another one is open. A row of `setting` per core, written
// and removed by single statements, so two processes never overwrite each other's.
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { readJson } from './json';
import type { Database } from './schema';
import { endedHere } from './sync-lease';

export const WINDOW_CORE_PREFIX = 'windowCore:';

const windowCore = z.object({ pid: z.number(), host: z.string() });

/** Says this core has the folder open. */
export async function registerWindowCore(db: Kysely<Database>, id: string): Promise<void> {
  const value = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  await db
    .insertInto('setting')
    .values({ key: WINDOW_CORE_PREFIX + id, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Says this core has closed the folder. */
export async function releaseWindowCore(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .deleteFrom('setting')
    .where('key', '=', WINDOW_CORE_PREFIX + id)
    .execute();
}

/**
 * Whether a window core other than `me` still has the folder open. The rows of cores known to be
 * gone are removed on the way: those `gone` names (dead cores of this process, which lives on),
 * those whose process ended on this machine (a crash), and rows that cannot be read. Another
 * machine's core (a folder on a shared drive) cannot be asked, so it counts as open.
 */
export async function anotherWindowCoreOpen(
  db: Kysely<Database>,
  me: string,
  gone: readonly string[],
  isAlive: (pid: number) => boolean,
): Promise<boolean> {
  const rows = await db
    .selectFrom('setting')
    .select(['key', 'value'])
    .where('key', 'like', `${WINDOW_CORE_PREFIX}%`)
    .execute();
  let open = false;
  for (const row of rows) {
    const id = row.key.slice(WINDOW_CORE_PREFIX.length);
    if (id === me) continue;
    const holder = windowCore.safeParse(readJson(row.value));
    const ended = !holder.success || gone.includes(id) || endedHere(holder.data, isAlive);
    if (ended)
      await db.deleteFrom('setting').where('key', '=', row.key).where('value', '=', row.value).execute();
    else open = true;
  }
  return open;
}
