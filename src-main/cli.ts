// The `outpost` command as a program (npm run cli, or bin/outpost.mjs through the build): runs
// the command line it was given and leaves with its exit code. What it does is cli/run.ts.
import { EXIT_FAILED } from './cli/command';
import { terminalText } from './cli/output';
import { main } from './cli/run';
import { isEntryPoint } from './shared/entry-point';
import { messageOf } from './core/error-message';

export { main };

if (isEntryPoint(import.meta.url)) {
  main().then(
    (code) => {
      // Let stdout drain, then leave even if a keychain or socket handle lingers.
      process.exitCode = code;
      process.stdout.write('', () => process.exit(code));
    },
    (error: unknown) => {
      process.stderr.write(terminalText(`outpost: ${messageOf(error)}\n`));
      process.exit(EXIT_FAILED);
    },
  );
}
