// Queries compiled once, on a real SQLite file: the same rows as Kysely gives, the caller's
// transaction respected, and a query whose argument is not a plain value refused.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../../src-main/core/store/schema';
import { describe, expect, it } from 'vitest';
import { preparedQuery, preparedUpdateById } from '../../../../src-main/core/store/prepared';
import { useTempStore } from './temp-store';

const store = useTempStore('outpost-prepared-');
const NOW = '2026-11-23T10:00:00.000Z';

async function addPost(id: string, title: string, db: Kysely<Database> = store.db): Promise<void> {
  await db
    .insertInto('post')
    .values({
      id,
      server_id: null,
      workspace: 'acme',
      title,
      base: null,
      remote_state: 'active',
      conflict: null,
      error: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
}

const postsTitled = preparedQuery((db, workspace: string, title: string) =>
  db.selectFrom('post').select(['id', 'title']).where('workspace', '=', workspace).where('title', '=', title),
);

describe('preparedQuery', () => {
  it('binds each call its own arguments, in their places', async () => {
    await addPost('p1', 'One');
    await addPost('p2', 'Two');
    expect((await postsTitled(store.db, 'acme', 'One')).rows).toEqual([{ id: 'p1', title: 'One' }]);
    expect((await postsTitled(store.db, 'acme', 'Two')).rows).toEqual([{ id: 'p2', title: 'Two' }]);
    expect((await postsTitled(store.db, 'elsewhere', 'Two')).rows).toEqual([]);
  });

  it('runs in the transaction it is given', async () => {
    await store.db
      .transaction()
      .execute(async (trx) => {
        await addPost('p3', 'Three', trx);
        expect((await postsTitled(trx, 'acme', 'Three')).rows).toEqual([{ id: 'p3', title: 'Three' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await postsTitled(store.db, 'acme', 'Three')).rows).toEqual([]);
  });

  it('refuses a query whose argument is not one of its parameters', async () => {
    const ignoring = preparedQuery((db, _title: string) => db.selectFrom('post').select('id'));
    await expect(ignoring(store.db, 'One')).rejects.toThrow(/argument 0 is not a parameter/);
  });
});

describe('preparedUpdateById', () => {
  const update = preparedUpdateById('post');

  it('sets the columns each patch names, and leaves out the undefined ones', async () => {
    await addPost('p1', 'One');
    await update(store.db, 'p1', { title: 'Uno', error: 'e' });
    await update(store.db, 'p1', { server_id: '42', error: undefined });
    await update(store.db, 'p1', { title: 'Eins' });
    const row = await store.db
      .selectFrom('post')
      .selectAll()
      .where('id', '=', 'p1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Eins', server_id: '42', error: 'e' });
  });

  it('passes a value built by Kysely to Kysely as it is', async () => {
    await addPost('p1', 'One');
    // The patch types allow plain values only; this guards a caller that casts its way past them.
    await update(store.db, 'p1', { title: sql<string>`upper(title)` as unknown as string });
    const row = await store.db
      .selectFrom('post')
      .select('title')
      .where('id', '=', 'p1')
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('ONE');
  });
});
