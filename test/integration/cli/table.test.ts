// The table of commands (src-main/cli/commands/) is the CLI: its help is written from it, its
// parser reads it, and a command added to it is a command of `outpost`. A wrong command line is
// answered before any data folder or keychain is opened.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP, runCli, type CoreOpener } from '../../../src-main/cli/run';
import {
  defineCommand,
  EXIT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
  flag,
  optionsOf,
  optional,
  required,
  UsageError,
  type CliCommand,
  type CliIo,
} from '../../../src-main/cli/command';
import { COMMANDS } from '../../../src-main/cli/commands';
import { commandUsage, helpText } from '../../../src-main/cli/help';
import { GLOBAL_OPTIONS, parseArgsOptions, parseCommandLine } from '../../../src-main/cli/parse';
import { openCore, tempDir } from '../core/helpers';

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
  opened: number;
}

async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
  opener: CoreOpener = refuseToOpen,
): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  let opened = 0;
  const io: CliIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    readStdin: () => Promise.resolve(null),
    env,
  };
  const code = await runCli(argv, io, (request) => {
    opened += 1;
    return opener(request);
  });
  return { code, stdout, stderr, opened };
}

const refuseToOpen: CoreOpener = () => Promise.reject(new Error('a usage error must not open the core'));

describe('the help', () => {
  it('is written from the table: every command with its words and options, every option parsed', () => {
    expect(HELP).toBe(helpText(COMMANDS));
    const lines = HELP.split('\n');
    for (const command of COMMANDS) {
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^  ${escape(commandUsage(command))}( |$)`)),
      );
      for (const line of command.help) expect(HELP).toContain(line);
    }
    for (const name of Object.keys(parseArgsOptions(COMMANDS))) expect(HELP).toContain(`--${name}`);
    expect(lines).toContain('  -h, --help          This help.');
  });

  it('shows a command usage as its words and options, optional ones in brackets', () => {
    const usage = (name: string) => commandUsage(COMMANDS.find((c) => c.name === name)!);
    expect(usage('schedule')).toBe('schedule --variant ID (--at ISO-8601 | --clear)');
    expect(usage('variant')).toBe('variant --post ID --platform P --content C [--profile ID | --no-profile]');
    expect(usage('connect')).toBe('connect --base-url URL [--auth-header bearer|x-api-key]');
    expect(usage('outbox adopt')).toBe('outbox adopt ID (SERVER_ID | none)');
  });

  it('is printed by --help with exit code 0, and without a command on standard error with 2', async () => {
    const help = await run(['--help']);
    expect(help).toEqual({ code: EXIT_OK, stdout: HELP, stderr: '', opened: 0 });
    const json = await run(['--json', '-h']);
    expect(JSON.parse(json.stdout)).toEqual({ ok: true, help: HELP });
    const none = await run([]);
    expect(none).toEqual({ code: EXIT_USAGE, stdout: '', stderr: HELP, opened: 0 });
  });
});

describe('a wrong command line', () => {
  it.each([
    [['frobnicate'], "Unknown command 'frobnicate'. Run 'outpost --help' for the list."],
    [['status', '--frob'], "Unknown option '--frob'. Run 'outpost --help' for the list."],
    // A value left out, before another option: not parseArgs's "argument is ambiguous".
    [['variants', '--post', '--verbose'], '--post needs a value: --post ID.'],
    [['status', '--title', 'x'], "'status' does not take --title."],
    [
      ['outbox', 'frob'],
      "Unknown outbox action 'frob': use retry, discard, adopt, publish-again or keep-unpublished.",
    ],
    [['outbox', 'retry'], "'outbox retry' needs an operation id."],
    [['outbox', 'adopt', 'op'], "'outbox adopt' needs an operation id and a service id (or none)."],
    [['sync', '--wait', 'soon'], '--wait must be a whole number of seconds.'],
    // A negative number is the option's value (parseArgs alone calls it ambiguous).
    [['log', '--limit', '-1'], '--limit must be a whole number from 1 to 10,000.'],
  ])('%j: one clear line, exit code 2, nothing opened', async (argv, message) => {
    const plain = await run(argv);
    expect(plain.code).toBe(EXIT_USAGE);
    expect(plain.stdout).toBe('');
    // One line, the whole of it: nothing of parseArgs's own words after it.
    expect(plain.stderr).toBe(`outpost: ${message}\n`);
    expect(plain.opened).toBe(0);
    const json = await run(['--json', ...argv]);
    expect(json.code).toBe(EXIT_USAGE);
    // Exactly one JSON document.
    expect(json.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(json.stdout)).toEqual({ ok: false, error: { code: 'usage', message } });
  });
});

describe('a file where the data folder goes', () => {
  it('is named, with what to change, before anything is opened', async () => {
    const folder = tempDir();
    const file = join(folder.dir, 'outpost-data');
    writeFileSync(file, '');
    const cannot = "outpost: Outpost's data folder cannot be there:";
    try {
      expect(await run(['status'], { OUTPOST_DATA_DIR: file })).toEqual({
        code: EXIT_USAGE,
        stdout: '',
        stderr: `${cannot} ${file} is a file, not a folder. Set OUTPOST_DATA_DIR to a folder, or give --data-dir one.\n`,
        opened: 0,
      });
      const json = await run(['--json', 'status'], { OUTPOST_DATA_DIR: file });
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { code: 'usage' } });
      // The desktop app's own folder, where a file stands in the way: not the command line's fault.
      if (process.platform === 'linux') {
        const fallback = await run(['status'], { XDG_CONFIG_HOME: file });
        expect([fallback.code, fallback.stderr, fallback.opened]).toEqual([
          EXIT_FAILED,
          `${cannot} ${file} (in the path ${join(file, 'Outpost')}) is a file, not a folder. Move that file away, or give --data-dir (or OUTPOST_DATA_DIR) a folder.\n`,
          0,
        ]);
      }
    } finally {
      folder.remove();
    }
  });
});

describe('the table', () => {
  it('names each command once', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives one option name one meaning, with or without a value', () => {
    const clash: CliCommand[] = [
      defineCommand({ name: 'a', options: [optional('when', 'T')], run: () => Promise.reject(new Error()) }),
      defineCommand({ name: 'b', options: [flag('when')], run: () => Promise.reject(new Error()) }),
    ];
    expect(() => parseArgsOptions(clash)).toThrow(/--when is declared both with and without a value/);
    const globals = GLOBAL_OPTIONS.map((g) => g.option.name);
    for (const command of COMMANDS)
      for (const option of optionsOf(command.options)) expect(globals).not.toContain(option.name);
  });

  it('takes a new command, with actions, as one more entry', async () => {
    const ran: unknown[] = [];
    const labelsAdd = defineCommand({
      name: 'labels add',
      options: [required('variant', 'ID')],
      help: ['Add a label to a variant.'],
      run: ({ values }) => {
        ran.push(values.variant);
        return Promise.resolve({ json: null, text: '' });
      },
    });
    const table = [...COMMANDS, labelsAdd];
    const parsed = parseCommandLine(['labels', 'add', '--variant', 'v1'], table);
    expect(parsed).toMatchObject({ command: 'labels add', values: { variant: 'v1' }, args: [] });
    await parsed.entry!.run({
      core: null as never,
      values: parsed.values,
      args: [],
      io: null as never,
      redactor: null as never,
    });
    expect(ran).toEqual(['v1']);
    expect(helpText(table)).toContain(`  labels add --variant ID\n${' '.repeat(22)}Add a label`);
    expect(() => parseCommandLine(['labels'], table)).toThrow(
      new UsageError("'labels' needs an action: use add."),
    );
    expect(() => parseCommandLine(['labels', 'add'], table)).toThrow("'labels add' needs --variant.");
    expect(() => parseCommandLine(['labels', 'add', '--variant', 'v1'], COMMANDS)).toThrow(
      /Unknown command 'labels'/,
    );
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('--verbose', () => {
  it("prints the core's log on standard error with no token, known or only shaped like one", async () => {
    const known = 'cps_pat_KnownSecretOfThisCommand';
    const folder = tempDir();
    const verbose = await run(['--verbose', 'status'], { OUTPOST_TOKEN: known }, async ({ logger }) => {
      logger.warn('the service said', { body: `other_pat_ShapedLikeAToken and ${known}` });
      const { core } = await openCore({ dir: folder.dir });
      return { core, keychainMessage: null };
    }).finally(() => folder.remove());
    expect(verbose.code).toBe(EXIT_OK);
    expect(verbose.stderr).toContain('warn the service said');
    expect(verbose.stderr).toContain('[redacted]');
    expect(verbose.stderr).not.toMatch(/_pat_|KnownSecret|ShapedLikeAToken/);
    expect(verbose.stdout).toContain('Connection: not connected');
  });
});
