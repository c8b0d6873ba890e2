// What the tests of the project's own lint rules share: RuleTester reporting through vitest, and
// whether the project's ESLint config applies a rule to a file.
import { join } from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import { describe, it } from 'vitest';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

export { RuleTester };

const eslint = new ESLint({ cwd: join(import.meta.dirname, '../../..') });

/** Whether the project's config turns `rule` (its full name, `outpost/...`) on for `file`. */
export async function appliesTo(rule: string, file: string): Promise<boolean> {
  const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> };
  return config.rules?.[rule] !== undefined;
}
