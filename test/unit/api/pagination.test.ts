import { describe, expect, it } from 'vitest';
import { nextEnvelopePage, nextSkillsPage } from '../../../src-main/core/api/pagination';

describe('nextEnvelopePage (continue while offset + limit < count)', () => {
  it.each([
    [{ offset: 0, limit: 100, count: 0, received: 0 }, { action: 'stop' }],
    [{ offset: 0, limit: 100, count: 100, received: 100 }, { action: 'stop' }],
    [
      { offset: 0, limit: 100, count: 101, received: 100 },
      { action: 'next', offset: 100 },
    ],
    [{ offset: 100, limit: 100, count: 101, received: 1 }, { action: 'stop' }],
    [
      { offset: 0, limit: 50, count: 120, received: 50 },
      { action: 'next', offset: 50 },
    ],
    [
      { offset: 200, limit: 100, count: 350, received: 100 },
      { action: 'next', offset: 300 },
    ],
    [{ offset: 100, limit: 100, count: 500, received: 0 }, { action: 'stop' }],
  ])('%j -> %j', (facts, expected) => {
    const decision = nextEnvelopePage(facts);
    expect(decision).toMatchObject(expected);
    expect(decision.reason).toBeTruthy();
  });
});

describe('nextSkillsPage (until a short page, at most 200)', () => {
  it.each([
    [{ offset: 0, requestedLimit: 200, received: 0, total: 0 }, { action: 'stop' }],
    [{ offset: 0, requestedLimit: 200, received: 199, total: 199 }, { action: 'stop' }],
    [{ offset: 0, requestedLimit: 200, received: 200, total: 200 }, { action: 'stop' }],
    [
      { offset: 0, requestedLimit: 50, received: 50, total: 50 },
      { action: 'next', offset: 50 },
    ],
    [{ offset: 150, requestedLimit: 50, received: 50, total: 200 }, { action: 'stop' }],
  ])('%j -> %j', (facts, expected) => {
    const decision = nextSkillsPage(facts);
    expect(decision).toMatchObject(expected);
    expect(decision.reason).toBeTruthy();
  });
});
