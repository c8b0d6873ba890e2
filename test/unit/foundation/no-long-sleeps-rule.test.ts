// The lint rule that keeps unit and integration tests from sleeping longer than a second: the
// rule itself, and where the project's ESLint config applies it.
import { describe, expect, it } from 'vitest';
import { appliesTo, RuleTester } from './lint-rules';
import plugin from '../../../eslint-rules/no-long-sleeps.js';

const rule = plugin.rules['no-long-sleeps'];
new RuleTester().run('no-long-sleeps', rule, {
  valid: [
    'await new Promise((r) => setTimeout(r, 50));',
    'await new Promise((r) => setTimeout(r, 1_000));',
    'setTimeout(done, ms);',
    'await vi.waitFor(() => expect(n).toBe(1));',
    'await vi.waitFor(() => expect(n).toBe(1), { timeout: 500, interval: 5_000 });',
    "it('runs long', { timeout: 60_000 }, async () => {});",
    'vi.advanceTimersByTime(3_600_000);',
    'time.advance(60 * 60_000);',
    'setInterval(tick, 5_000);',
  ],
  invalid: [
    { code: 'await new Promise((r) => setTimeout(r, 7_500));', errors: [{ messageId: 'sleep' }] },
    { code: 'globalThis.setTimeout(done, 2 * 1000);', errors: [{ messageId: 'sleep' }] },
    { code: 'await sleep(1_001);', errors: [{ messageId: 'sleep' }] },
    { code: 'await helpers.delay(3_000);', errors: [{ messageId: 'sleep' }] },
    {
      code: "import { setTimeout as pause } from 'node:timers/promises';\nawait pause(5_000);",
      errors: [{ messageId: 'sleep' }],
    },
    {
      code: 'await vi.waitFor(() => expect(n).toBe(1), { timeout: 10_000 });',
      errors: [{ messageId: 'wait' }],
    },
    { code: 'await expect.poll(() => n, { timeout: 5_000 }).toBe(1);', errors: [{ messageId: 'wait' }] },
    { code: 'await vi.waitUntil(() => done, 2_000);', errors: [{ messageId: 'wait' }] },
  ],
});

describe('where the config applies it', () => {
  const applies = (file: string) => appliesTo('outpost-tests/no-long-sleeps', file);

  it(
    'in every unit and integration test file and helper, and nowhere else',
    { timeout: 30_000 },
    async () => {
      expect(await applies('test/unit/core/sync/backoff.test.ts')).toBe(true);
      expect(await applies('test/integration/core/reachability.test.ts')).toBe(true);
      expect(await applies('test/integration/core/helpers.ts')).toBe(true);
      expect(await applies('test/e2e/harness.ts')).toBe(false);
      expect(await applies('test/reliability/support/harness.ts')).toBe(false);
      expect(await applies('test/bench/idle-child.ts')).toBe(false);
      expect(await applies('src-main/core/sync/engine.ts')).toBe(false);
    },
  );
});
