// The lint rule that keeps the outbox's table in core/outbox/: the rule itself, and where the
// project's ESLint config applies it.
import { describe, expect, it } from 'vitest';
import { appliesTo, RuleTester } from './lint-rules';
import plugin from '../../../eslint-rules/outbox-owns-its-table.js';

const rule = plugin.rules['outbox-owns-its-table'];
new RuleTester().run('outbox-owns-its-table', rule, {
  valid: [
    "db.selectFrom('post').selectAll()",
    "const word = 'outbox'; const op = 'op';",
    'const text = `an outbox op`;',
  ],
  invalid: [
    { code: "db.selectFrom('outbox_op').selectAll()", errors: [{ messageId: 'query' }] },
    { code: "db.updateTable('outbox_op').set({ state: 'done' })", errors: [{ messageId: 'query' }] },
    { code: "q.where('outbox_op.state', '=', 'failed')", errors: [{ messageId: 'query' }] },
    { code: 'sql`update outbox_op set state = ${s}`', errors: [{ messageId: 'query' }] },
  ],
});

describe('where the config applies it', () => {
  const applies = (file: string) => appliesTo('outpost/outbox-owns-its-table', file);

  it(
    'everywhere in the main process but core/outbox/, the frozen migrations and the recovery of a damaged file',
    { timeout: 30_000 },
    async () => {
      expect(await applies('src-main/core/sync/pull.ts')).toBe(true);
      expect(await applies('src-main/core/app/outbox-handlers.ts')).toBe(true);
      expect(await applies('src-main/cli.ts')).toBe(true);
      expect(await applies('src-main/core/outbox/op-store.ts')).toBe(false);
      expect(await applies('src-main/core/store/migrations/0005-outbox-machine.ts')).toBe(false);
      expect(await applies('src-main/core/store/recovery/merge-rows.ts')).toBe(false);
      expect(await applies('src-main/core/store/copies.ts')).toBe(true);
    },
  );
});
