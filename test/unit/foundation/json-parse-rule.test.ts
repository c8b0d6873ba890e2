// The lint rule that keeps every JSON.parse of the app where its failure is caught: the rule
// itself, and where the project's ESLint config applies it.
import { describe, expect, it } from 'vitest';
import { appliesTo, RuleTester } from './lint-rules';
import plugin from '../../../eslint-rules/json-parse-caught.js';

const rule = plugin.rules['json-parse-caught'];
new RuleTester().run('json-parse-caught', rule, {
  valid: [
    'try { value = JSON.parse(text); } catch { value = undefined; }',
    'try { if (ok) { count = JSON.parse(text).posts.length; } } catch (error) { report(error); }',
    'const text = JSON.stringify(value);',
    'const parse = (t) => { try { return JSON.parse(t); } catch { return null; } };',
  ],
  invalid: [
    { code: 'const value = JSON.parse(text);', errors: [{ messageId: 'uncaught' }] },
    // The finally runs, but nothing catches: the exception still leaves.
    { code: 'try { JSON.parse(text); } finally { done(); }', errors: [{ messageId: 'uncaught' }] },
    // Parsed in the catch: its own failure is not caught by it.
    { code: 'try { a(); } catch { JSON.parse(text); }', errors: [{ messageId: 'uncaught' }] },
    // A function written inside a try runs later, when the try is long gone.
    { code: 'try { later = () => JSON.parse(text); } catch {}', errors: [{ messageId: 'uncaught' }] },
  ],
});

describe('where the config applies it', () => {
  const applies = (file: string) => appliesTo('outpost/json-parse-caught', file);

  it(
    'in the main process, the preload and the window, but not the frozen migrations or the tests',
    { timeout: 30_000 },
    async () => {
      expect(await applies('src-main/core/store/settings.ts')).toBe(true);
      expect(await applies('src-main/browser-host/routes.ts')).toBe(true);
      expect(await applies('src-preload/index.ts')).toBe(true);
      expect(await applies('src-renderer/src/lib/host-events.ts')).toBe(true);
      expect(await applies('src-main/core/store/migrations/0005-outbox-machine.ts')).toBe(false);
      expect(await applies('test/server/http-util.ts')).toBe(false);
    },
  );
});
