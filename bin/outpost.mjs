#!/usr/bin/env node
// The `outpost` command as installed: runs the built CLI (npm run build makes out/main/cli.js).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// The V8 memory settings of src-main/shared/v8-memory.ts (kept equal by a unit test): a pull of a
// large library stays within its memory budget.
for (const flag of ['--heap-growing-percent=100']) setFlagsFromString(flag);

const built = new URL('../out/main/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(built))) {
  process.stderr.write(
    "outpost: the CLI is not built yet: run 'npm run build' (or use 'npm run cli -- <args>').\n",
  );
  process.exit(1);
}
const { main } = await import(built.href);
const code = await main(process.argv.slice(2));
// Let stdout drain, then leave even if a keychain or socket handle lingers.
process.stdout.write('', () => process.exit(code));
