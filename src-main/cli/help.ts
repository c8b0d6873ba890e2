// `outpost --help`, written from the table of commands: each command's usage is built from its
// words and options, so the help cannot list an option the parser does not take, or miss one.
import type { CliCommand, CliOption, OptionEntry } from './command';
import { GLOBAL_OPTIONS } from './parse';

const INTRO = `Usage: outpost [--data-dir DIR] [--json] <command> [options]

Drafts live in a local database and sync to the Content Publishing Service.
Ids printed and accepted are Outpost's local ids.`;

/** Where the help text starts; a usage longer than fits before it puts the text on the next line. */
const HELP_COLUMN = 20;
const INDENT = '  ';

function optionUsage(option: CliOption): string {
  return option.kind === 'value' ? `--${option.name} ${option.placeholder}` : `--${option.name}`;
}

function entryUsage(entry: OptionEntry): string {
  if (entry.kind === 'either') {
    const inner = entry.options.map(optionUsage).join(' | ');
    return entry.required ? `(${inner})` : `[${inner}]`;
  }
  const usage = optionUsage(entry);
  return entry.kind === 'value' && entry.required ? usage : `[${usage}]`;
}

/** `schedule --variant ID (--at ISO-8601 | --clear)` */
export function commandUsage(command: CliCommand): string {
  return [command.name, ...command.args.map((a) => a.usage), ...command.options.map(entryUsage)].join(' ');
}

/** A usage and its help lines, the first beside it when the usage is short enough. */
function block(usage: string, help: readonly string[]): string[] {
  const pad = ' '.repeat(HELP_COLUMN);
  const [first, ...more] = help;
  const lines =
    first !== undefined && usage.length <= HELP_COLUMN - 2
      ? [`${usage.padEnd(HELP_COLUMN)}${first}`, ...more.map((line) => `${pad}${line}`)]
      : [usage, ...help.map((line) => `${pad}${line}`)];
  return lines.map((line) => `${INDENT}${line}`);
}

export function helpText(commands: readonly CliCommand[]): string {
  const globals = GLOBAL_OPTIONS.map(({ option, help }) => {
    const usage = optionUsage(option);
    return block(option.kind === 'flag' && option.short ? `-${option.short}, ${usage}` : usage, [help]);
  });
  return [
    INTRO,
    '',
    'Commands:',
    ...commands.flatMap((command) => block(commandUsage(command), command.help)),
    '',
    'Global options:',
    ...globals.flat(),
    '',
  ].join('\n');
}
