import { expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { isLocalIdShape, newLocalId } from '../../../../src-main/core/store/ids';

it('makes version 7 UUIDs: the time first, so ids made later sort later', async () => {
  const before = Date.now();
  const first = newLocalId();
  await new Promise((resolve) => setTimeout(resolve, 3));
  const second = newLocalId();
  for (const id of [first, second]) {
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  }
  const ms = parseInt(first.slice(0, 8) + first.slice(9, 13), 16);
  expect(ms).toBeGreaterThanOrEqual(before);
  expect(ms).toBeLessThanOrEqual(Date.now());
  expect(second > first).toBe(true);
  expect(new Set(Array.from({ length: 10_000 }, newLocalId)).size).toBe(10_000);
});

it('tells an id made here (v7, or v4 from an older version) from any other text', () => {
  expect(isLocalIdShape(newLocalId())).toBe(true);
  expect(isLocalIdShape(randomUUID())).toBe(true);
  for (const other of [
    'p1',
    '',
    `${newLocalId()} `,
    newLocalId().toUpperCase(),
    'acme_pat_0123456789abcdef0123456789',
  ])
    expect(isLocalIdShape(other)).toBe(false);
});
