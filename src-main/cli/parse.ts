// The command line against the table of commands: Node's own parseArgs reads the options (every
// option of every command, so global ones may stand before or after the command), then the
// command's entry says which words and options it takes and which it needs.
import { parseArgs } from 'node:util';
import { OPTION_WORDS } from '@preload/words/cli';
import {
  flag,
  listWords,
  optionsOf,
  optional,
  UsageError,
  type CliCommand,
  type CliOption,
  type ValueOption,
  type Values,
} from './command';
import { COMMANDS } from './commands';

/** Options every command takes, with their line in the help. */
export const GLOBAL_OPTIONS: ReadonlyArray<{ option: CliOption; help: string }> = [
  {
    option: optional('data-dir', 'DIR'),
    help: "Data folder (also OUTPOST_DATA_DIR; default: the desktop app's).",
  },
  { option: flag('json'), help: 'Print exactly one JSON document on standard output.' },
  { option: flag('verbose'), help: "Log the core's activity on standard error." },
  { option: flag('help', 'h'), help: 'This help.' },
];

export interface GlobalValues {
  'data-dir'?: string;
  json?: boolean;
  verbose?: boolean;
  help?: boolean;
}

export interface ParsedCommand {
  /** The command's name (`status`, `outbox retry`), or null when none was given. */
  command: string | null;
  /** The table entry the name stands for. */
  entry: CliCommand | null;
  values: Values & GlobalValues;
  /** The words after the command's name. */
  args: string[];
}

type ParseArgsOptions = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** The union of every option in the table, for parseArgs; one name must mean one kind of option. */
export function parseArgsOptions(commands: readonly CliCommand[]): ParseArgsOptions {
  const config: ParseArgsOptions = {};
  const all = [...GLOBAL_OPTIONS.map((g) => g.option), ...commands.flatMap((c) => optionsOf(c.options))];
  for (const option of all) {
    const type = option.kind === 'value' ? 'string' : 'boolean';
    const known = config[option.name];
    if (known !== undefined && known.type !== type)
      throw new Error(`--${option.name} is declared both with and without a value.`);
    config[option.name] = option.kind === 'flag' && option.short ? { type, short: option.short } : { type };
  }
  return config;
}

/** A word that can only be a value: a negative number (no option's name starts with a digit). */
const NEGATIVE_NUMBER = /^-\d/;

/**
 * `--limit -1` read as `--limit=-1`: parseArgs calls a value that starts with a dash ambiguous,
 * and answers in its own words; as a value, the option's check says what is wrong with it.
 */
function negativeValuesJoined(argv: readonly string[], options: ParseArgsOptions): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const word = argv[i] ?? '';
    // After `--`, every word is a word.
    if (word === '--') return [...joined, ...argv.slice(i)];
    const next = argv[i + 1];
    const takesValue = word.startsWith('--') && options[word.slice(2)]?.type === 'string';
    if (takesValue && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      joined.push(`${word}=${next}`);
      i += 1;
    } else joined.push(word);
  }
  return joined;
}

/** An option's name as the help shows its value (`post` → `ID`): the first the table declares. */
function placeholders(commands: readonly CliCommand[]): Map<string, string> {
  const all = [...GLOBAL_OPTIONS.map((g) => g.option), ...commands.flatMap((c) => optionsOf(c.options))];
  const found = new Map<string, string>();
  for (const o of all) if (o.kind === 'value' && !found.has(o.name)) found.set(o.name, o.placeholder);
  return found;
}

/** What is wrong with an option of the line, and the option (when the table knows it). */
interface OptionProblem {
  message: string;
  option: string | null;
}

/** A word parseArgs reads as an option (or options): a dash and more, `--` aside. */
function optionLike(word: string): boolean {
  return word.length > 1 && word.startsWith('-') && word !== '--';
}

/** Whether the word is an option of the table: `--json`, `--post=ID`, `-h`. */
function knownOption(word: string, options: ParseArgsOptions): boolean {
  if (word.startsWith('--')) return options[word.slice(2).split('=')[0] ?? ''] !== undefined;
  const shorts = new Set(Object.values(options).map((o) => o.short));
  return [...word.slice(1)].every((c) => shorts.has(c));
}

/** What is wrong with the option `word`, whose next word is `next`, or null: one word per option. */
function optionProblem(
  word: string,
  next: string | undefined,
  options: ParseArgsOptions,
  placeholder: (name: string) => string,
): OptionProblem | null {
  if (!knownOption(word, options)) return { message: OPTION_WORDS.unknown(word), option: null };
  if (!word.startsWith('--')) return null;
  const [name = '', ...inline] = word.slice(2).split('=');
  const given = inline.length > 0;
  if (options[name]?.type === 'boolean')
    return given ? { message: OPTION_WORDS.takesNoValue(name), option: name } : null;
  if (given) return null;
  if (next === undefined || next === '--' || (optionLike(next) && knownOption(next, options)))
    return { message: OPTION_WORDS.needsValue(name, placeholder(name)), option: name };
  if (optionLike(next))
    return { message: OPTION_WORDS.dashValue(name, placeholder(name), next), option: name };
  return null;
}

/**
 * What parseArgs would refuse, found before it and said in the CLI's words (an option it does
 * not know, a value missing or given to a flag), and the words that are not options.
 */
function scanOptions(
  argv: readonly string[],
  commands: readonly CliCommand[],
  options: ParseArgsOptions,
): { problem: OptionProblem | null; positionals: string[] } {
  const names = placeholders(commands);
  const placeholder = (name: string) => names.get(name) ?? 'VALUE';
  let problem: OptionProblem | null = null;
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const word = argv[i] ?? '';
    if (word === '--') return { problem, positionals: [...positionals, ...argv.slice(i + 1)] };
    if (!optionLike(word)) {
      positionals.push(word);
      continue;
    }
    problem ??= optionProblem(word, argv[i + 1], options, placeholder);
    // A value option's value is its next word, unless that is an option too.
    const next = argv[i + 1];
    const takesNext = !word.includes('=') && options[word.slice(2)]?.type === 'string';
    if (takesNext && next !== undefined && !optionLike(next)) i += 1;
  }
  return { problem, positionals };
}

/** The option problem, said of the command the line names when it names one. */
function refuseOption(problem: OptionProblem, commands: readonly CliCommand[], positionals: string[]): never {
  const [word, ...rest] = positionals;
  if (word === undefined) throw new UsageError(problem.message);
  // A wrong command is said first, as it is when every option is right.
  const { entry } = findEntry(commands, word, rest);
  if (problem.option !== null && !takes(entry, problem.option))
    throw new UsageError(doesNotTake(entry, problem.option), entry);
  throw new UsageError(problem.message, entry);
}

function takes(entry: CliCommand, name: string): boolean {
  return [...GLOBAL_OPTIONS.map((g) => g.option), ...optionsOf(entry.options)].some((o) => o.name === name);
}

function doesNotTake(entry: CliCommand, name: string): string {
  return `'${entry.name}' does not take --${name}.`;
}

/** The entry for the words given, and the words left for it. */
function findEntry(
  commands: readonly CliCommand[],
  word: string,
  rest: string[],
): { entry: CliCommand; args: string[] } {
  const family = commands.filter((c) => c.name.split(' ')[0] === word);
  if (family.length === 0)
    throw new UsageError(`Unknown command '${word}'. Run 'outpost --help' for the list.`);
  const base = family.find((c) => c.name === word);
  const actions = family.filter((c) => c !== base);
  const actionWords = actions.map((c) => c.name.slice(word.length + 1));
  if (actions.length > 0 && (rest.length > 0 || base === undefined)) {
    const [action = '', ...args] = rest;
    const entry = actions.find((c) => c.name === `${word} ${action}`);
    if (entry === undefined)
      throw new UsageError(
        action === ''
          ? `'${word}' needs an action: use ${listWords(actionWords)}.`
          : `Unknown ${word} action '${action}': use ${listWords(actionWords)}.`,
      );
    return { entry, args };
  }
  return { entry: base!, args: rest };
}

function checkWords(entry: CliCommand, args: string[]): void {
  if (args.length === entry.args.length) return;
  if (entry.args.length === 0)
    throw new UsageError(`Unexpected argument '${args[0]}' after '${entry.name}'.`, entry);
  throw new UsageError(`'${entry.name}' needs ${entry.args.map((a) => a.noun).join(' and ')}.`, entry);
}

function checkValues(entry: CliCommand, values: Values): void {
  const name = entry.name;
  for (const option of entry.options) {
    if (option.kind === 'either') {
      const [a, b] = option.options;
      const given = [values[a.name], values[b.name]].filter((v) => v !== undefined);
      if (given.length === 2)
        throw new UsageError(`'${name}' takes --${a.name} or --${b.name}, not both.`, entry);
      if (option.required && given.length === 0)
        throw new UsageError(`'${name}' needs --${a.name} or --${b.name}.`, entry);
      // The one given is checked as it would be alone: `(--at TIME | --clear)`'s time too.
      for (const one of option.options) if (one.kind === 'value') checkValue(entry, one, values);
      continue;
    }
    if (option.kind === 'flag') continue;
    const value = values[option.name];
    const missing =
      value === undefined || (!option.emptyAllowed && typeof value === 'string' && value.trim() === '');
    if (option.required && missing) throw new UsageError(`'${name}' needs --${option.name}.`, entry);
    checkValue(entry, option, values);
  }
}

function checkValue(entry: CliCommand, option: ValueOption, values: Values): void {
  const value = values[option.name];
  const problem = typeof value === 'string' ? (option.check?.(value, option.name) ?? null) : null;
  if (problem !== null) throw new UsageError(problem, entry);
}

/** Parses the command line against the table of commands; throws UsageError with a one-line reason. */
export function parseCommandLine(argv: string[], commands: readonly CliCommand[] = COMMANDS): ParsedCommand {
  const options = parseArgsOptions(commands);
  const words = negativeValuesJoined(argv, options);
  const scanned = scanOptions(words, commands, options);
  if (scanned.problem !== null) refuseOption(scanned.problem, commands, scanned.positionals);
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: words, options, allowPositionals: true, strict: true });
  } catch (error) {
    // The scan answers what parseArgs refuses; its own words are the last resort.
    throw new UsageError(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
  }
  const values = parsed.values as ParsedCommand['values'];
  const [word, ...rest] = parsed.positionals;
  if (word === undefined) return { command: null, entry: null, values, args: [] };
  const { entry, args } = findEntry(commands, word, rest);
  checkWords(entry, args);
  for (const name of Object.keys(values)) {
    if (!takes(entry, name)) throw new UsageError(doesNotTake(entry, name), entry);
  }
  // Asking for help is never wrong, whatever else is missing.
  if (!values.help) checkValues(entry, values);
  return { command: entry.name, entry, values, args };
}
