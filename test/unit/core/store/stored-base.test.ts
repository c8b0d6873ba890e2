// A base stored without what repeats its row, on a real SQLite file: a field left out reads the
// row's own column, a change of that column keeps the old value in the base, a base written is
// compared with the row as the same statement leaves it, and the rows' reading gives back the
// same full base as before in every case.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getPost, insertPost, postBase, updatePost } from '../../../../src-main/core/store/post-repository';
import type { NewVariantRow, VariantRow } from '../../../../src-main/core/store/schema';
import {
  getVariant,
  insertVariant,
  storedVariantBase,
  updateVariant,
  variantBase,
  variantBaseField,
  type VariantBase,
} from '../../../../src-main/core/store/variant-repository';
import { useTempStore } from './temp-store';

const store = useTempStore('outpost-stored-base-');
const NOW = '2030-01-01T09:00:00.000Z';
const AT = '2030-02-01T10:00:00.000Z';

const SERVICE: VariantBase = {
  content: 'As the service holds it',
  scheduled_at: null,
  social_profile_id: '101',
  status: 'draft',
  platform_post_url: null,
};

async function addVariant(row: Partial<NewVariantRow> = {}): Promise<void> {
  await insertPost(store.db, {
    id: 'p',
    server_id: '7',
    workspace: 'acme',
    title: 'Spring',
    base: JSON.stringify({ title: 'Spring' }),
    remote_state: 'active',
    conflict: null,
    error: null,
    created_at: NOW,
    updated_at: NOW,
  });
  await insertVariant(store.db, {
    id: 'v',
    post_id: 'p',
    server_id: '8',
    platform: 'x',
    content: SERVICE.content,
    account_mode: 'profile',
    social_profile_id: '101',
    scheduled_at: null,
    status: 'draft',
    platform_post_url: null,
    base: JSON.stringify(SERVICE),
    remote_state: 'active',
    conflict: null,
    error: null,
    created_at: NOW,
    updated_at: NOW,
    ...row,
  });
}

async function variant(): Promise<VariantRow> {
  const v = await getVariant(store.db, 'v');
  if (!v) throw new Error('no variant');
  return v;
}

describe('a variant’s base', () => {
  it('is stored as {} while the row holds what the service holds, and reads in full', async () => {
    await addVariant();
    const v = await variant();
    expect(v.base).toBe('{}');
    expect(variantBase(v)).toEqual(SERVICE);
    expect(variantBaseField(v, 'social_profile_id')).toBe('101');
  });

  it('keeps what differs from the row, explicit nulls too', async () => {
    await addVariant({
      content: 'Typed here',
      scheduled_at: AT,
      account_mode: 'none',
      social_profile_id: null,
    });
    const v = await variant();
    expect(JSON.parse(v.base ?? '')).toEqual({
      content: SERVICE.content,
      scheduled_at: null,
      social_profile_id: '101',
    });
    expect(variantBase(v)).toEqual(SERVICE);
  });

  it('keeps the old value when a column it mirrors changes, and only the first old value', async () => {
    await addVariant();
    await updateVariant(store.db, 'v', { content: 'First edit', updated_at: NOW });
    await updateVariant(store.db, 'v', { content: 'Second edit', scheduled_at: AT, updated_at: NOW });
    const v = await variant();
    expect(v.content).toBe('Second edit');
    expect(JSON.parse(v.base ?? '')).toEqual({ content: SERVICE.content, scheduled_at: null });
    expect(variantBase(v)).toEqual(SERVICE);
    expect(variantBaseField(v, 'content')).toBe(SERVICE.content);
  });

  it('is compared with the row as the statement leaves it when written', async () => {
    await addVariant({ content: 'Typed here' });
    // An answer: the service now holds the typed text; a change it answered is remembered.
    const answered = {
      ...SERVICE,
      content: 'Typed here',
      replaced: { content: SERVICE.content },
      notKept: 0,
    };
    await updateVariant(store.db, 'v', { status: 'draft', base: JSON.stringify(answered) });
    expect((await variant()).base).toBe('{"replaced":{"content":"As the service holds it"},"notKept":0}');
    expect(variantBase(await variant())).toEqual(answered);
    // Taking the service's text and its base in one statement: compared with the new text.
    const theirs = { ...SERVICE, content: 'Changed on the service' };
    await updateVariant(store.db, 'v', { content: theirs.content, base: JSON.stringify(theirs) });
    expect((await variant()).base).toBe('{}');
    expect(variantBase(await variant())).toEqual(theirs);
  });

  it('stays null without a base, whatever changes', async () => {
    await addVariant({ base: null, server_id: null });
    await updateVariant(store.db, 'v', { content: 'Edited', status: 'draft' });
    expect((await variant()).base).toBeNull();
    expect(variantBase(await variant())).toBeNull();
    expect(variantBaseField(await variant(), 'content')).toBeNull();
  });

  it('reads as none when it is not a JSON object (a damaged row), and the row still changes', async () => {
    for (const damaged of ['{"content":"As the se\u0000', '[1,2]']) {
      await addVariant({ base: damaged });
      await updateVariant(store.db, 'v', { content: 'Edited', status: 'draft' });
      const v = await variant();
      expect(v.content).toBe('Edited');
      expect(v.base).toBe(damaged);
      expect(variantBase(v)).toBeNull();
      expect(variantBaseField(v, 'content')).toBeNull();
      // A base written whole again is stored as ever.
      await updateVariant(store.db, 'v', { content: SERVICE.content, base: JSON.stringify(SERVICE) });
      expect((await variant()).base).toBe('{}');
      await store.db.deleteFrom('variant').execute();
      await store.db.deleteFrom('post').execute();
    }
  });

  it('is worked out alike by a patch with an expression in it (not precompiled)', async () => {
    await addVariant();
    await updateVariant(store.db, 'v', { content: 'Edited', updated_at: sql<string>`${NOW}` as never });
    expect(variantBase(await variant())).toEqual(SERVICE);
  });

  it('reads the same stored form in the code that decides whether a merge writes, as the statement stores it', async () => {
    const cases: Array<{ row: Partial<VariantRow>; base: Record<string, unknown> }> = [
      { row: {}, base: { ...SERVICE } },
      { row: { content: 'Typed “here” — ünïcödé \u2028 \\ "quoted"' }, base: { ...SERVICE } },
      { row: { scheduled_at: AT }, base: { ...SERVICE, storedAs: { sent: 'a & b', stored: 'a &amp; b' } } },
      {
        row: { social_profile_id: null, account_mode: 'none' },
        base: { ...SERVICE, replaced: { scheduled_at: null } },
      },
    ];
    for (const [i, c] of cases.entries()) {
      await store.db.deleteFrom('post').execute();
      await addVariant(c.row);
      const full = JSON.stringify(c.base);
      await updateVariant(store.db, 'v', { status: 'draft', base: full });
      const v = await variant();
      expect(v.base, `case ${i}`).toBe(storedVariantBase(full, v));
      expect(variantBase(v), `case ${i}`).toEqual(c.base);
    }
  });
});

describe('a post’s base', () => {
  it('is {} while the title is the service’s, and keeps the service’s title once it is renamed here', async () => {
    await addVariant();
    expect((await getPost(store.db, 'p'))?.base).toBe('{}');
    await updatePost(store.db, 'p', { title: 'Renamed here', updated_at: NOW });
    const p = await getPost(store.db, 'p');
    expect(p?.base).toBe('{"title":"Spring"}');
    expect(p && postBase(p)).toEqual({ title: 'Spring' });
    await updatePost(store.db, 'p', { base: JSON.stringify({ title: 'Renamed here' }) });
    expect((await getPost(store.db, 'p'))?.base).toBe('{}');
  });
});
