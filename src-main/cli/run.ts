// Runs one command line of the `outpost` command: the same core, data folder and keychain as
// the desktop app, driven from a shell or a script. Every command goes through AppCore.invoke,
// so the CLI can do nothing the window cannot, and drafting commands never touch the network.
// The commands themselves are the table in commands/; this file runs one of them and prints
// its answer (src-main/cli.ts is the program).
import { version } from '../../package.json';
import { printer, type Printer } from './output';
import {
  CommandFailed,
  EXIT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  type CliCommand,
  type CliIo,
} from './command';
import { COMMANDS } from './commands';
import { dataFolder } from './data-folder';
import { oneLine } from './format';
import { helpText } from './help';
import { parseCommandLine, type ParsedCommand } from './parse';
import { printStartNotice } from './start-notice';
import { Redactor } from '../core/api/redaction';
import type { AppCore, Logger } from '../core/ports';
import { openSecretStore } from '../core/secrets';
import { messageOf } from '../core/error-message';

export interface CoreRequest {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  logger: Logger;
}

/** Opens the core; the default builds the real one (createAppCore with the OS keychain). */
export type CoreOpener = (request: CoreRequest) => Promise<{ core: AppCore; keychainMessage: string | null }>;

export const HELP = helpText(COMMANDS);

const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** --verbose: the core's log on standard error, through the printer (so through its redactor). */
function stderrLogger(print: Printer): Logger {
  const line = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    print.err(`${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}\n`);
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

/** Runs one command line; returns the exit code. Never throws. */
export async function runCli(
  argv: string[],
  io: CliIo,
  openCore: CoreOpener = defaultOpenCore,
): Promise<number> {
  // Until the line is parsed, a best guess, so even a usage error answers in JSON when asked.
  let json = argv.includes('--json');
  // A last guard on what is printed (the core's answers may quote the service): no token this
  // command knows, in any encoding, and nothing shaped like one.
  const redactor = new Redactor();
  if (io.env.OUTPOST_TOKEN) redactor.add(io.env.OUTPOST_TOKEN.trim());
  const print = printer(io, redactor.cleaner);
  // What the start said already (a read-only folder): a command refused for it is not said twice.
  let saidAtStart: string[] = [];
  // The command the line names, once known: its own --json document, if it has one.
  let command: CliCommand | null = null;
  const fail = (code: string, message: string, exitCode: number): number => {
    const line = redactor.clean(oneLine(message));
    if (!saidAtStart.includes(oneLine(message))) print.err(`outpost: ${line}\n`);
    const error = { code, message: line };
    if (json) print.json(command?.ownJson ? command.ownJson.failed(error) : { ok: false, error });
    return exitCode;
  };

  let parsed: ParsedCommand;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) command = error.command;
    return fail('usage', messageOf(error), EXIT_USAGE);
  }
  command = parsed.entry;
  json = parsed.values.json === true;
  if (parsed.values.help || parsed.entry === null) {
    if (parsed.entry === null && !parsed.values.help) {
      // A script asked for JSON: the usage error is its document, as for every other one.
      if (json) return fail('usage', "No command given: run 'outpost --help' for the list.", EXIT_USAGE);
      print.err(HELP);
      return EXIT_USAGE;
    }
    if (json) print.json({ ok: true, help: HELP });
    else print.out(HELP);
    return EXIT_OK;
  }

  const logger = parsed.values.verbose ? stderrLogger(print) : silentLogger;
  let core: AppCore | null = null;
  try {
    const dataDir = dataFolder(parsed.values['data-dir'], io.env);
    const opened = await openCore({ dataDir, env: io.env, logger });
    core = opened.core;
    saidAtStart = await printStartNotice(core, print);
    const outcome = await parsed.entry.run({ core, values: parsed.values, args: parsed.args, io, redactor });
    const ok = outcome.exitCode === undefined || outcome.exitCode === 0;
    if (json) print.json(parsed.entry.ownJson ? outcome.json : { ok, value: outcome.json });
    else if (outcome.text !== '') print.out(`${outcome.text}\n`);
    for (const problem of outcome.problems ?? []) print.err(`outpost: ${oneLine(problem)}\n`);
    return outcome.exitCode ?? EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) return fail('usage', error.message, EXIT_USAGE);
    if (error instanceof CommandFailed) return fail(error.code, error.message, EXIT_FAILED);
    const message = messageOf(error);
    return fail('internal', message, EXIT_FAILED);
  } finally {
    // A publish starts sending at once; give a sync in flight time to finish rather than cut it.
    if (core) await core.close(30_000).catch(() => undefined);
  }
}

const defaultOpenCore: CoreOpener = async ({ dataDir, env, logger }) => {
  const { createAppCore } = await import('../core/app/create-app-core');
  const { store, message } = await openSecretStore(env, logger);
  const core = await createAppCore({
    dataDir,
    secrets: store,
    secretsMessage: message,
    host: 'cli',
    version,
    logger,
    // One command, one sync at most: the CLI never syncs on a timer.
    syncIntervalMs: false,
    syncAfterChangeMs: false,
  });
  return { core, keychainMessage: message };
};

function readAllStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return Promise.resolve(null);
  return new Promise((resolveText, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.on('end', () => resolveText(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const code = await runCli(argv, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: readAllStdin,
    env: process.env,
  });
  return code;
}
