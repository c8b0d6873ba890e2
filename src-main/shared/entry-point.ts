// Whether a module is the program node was started with, rather than imported (by a test, or by
// bin/outpost.mjs): an entry point starts itself only then.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function isEntryPoint(moduleUrl: string, script: string | undefined = process.argv[1]): boolean {
  if (script === undefined || script === '') return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
