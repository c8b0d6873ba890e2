// What one `outpost` command is: its words, its options, its help and what it runs, declared
// together in one entry of a command group (cli/commands/*.ts). The parser and the help are
// generated from those entries, so adding a command is adding one entry.
import type { CommandName, CommandPayload, CommandResult } from '@preload/bridge';
import { notWholeNumberIn } from '@preload/words/cli';
import { CLI_DISK_FULL } from '@preload/words/data';
import { showInstants } from '@preload/words/instants';
import type { Redactor } from '../core/api/redaction';
import type { AppCore } from '../core/ports';

export const EXIT_OK = 0;
/** The command ran but something failed (a sync with failures, an error from the core or service). */
export const EXIT_FAILED = 1;
/** The command line itself was wrong. */
export const EXIT_USAGE = 2;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input, or null when it is a terminal (never blocks on a person). */
  readStdin: () => Promise<string | null>;
  env: NodeJS.ProcessEnv;
}

/** An option with a value: `--post ID`. */
export interface ValueOption<N extends string = string, R extends boolean = boolean> {
  readonly kind: 'value';
  readonly name: N;
  /** The value's name in the help. */
  readonly placeholder: string;
  /** Missing (or blank, unless `emptyAllowed`) is a usage error. */
  readonly required: R;
  /** An empty value counts as given: a variant's text may be empty. */
  readonly emptyAllowed?: boolean;
  /** What is wrong with a given value, as the usage error's sentence; null when nothing is. */
  readonly check?: ValueCheck;
}

/** An option without a value: `--clear`. */
export interface FlagOption<N extends string = string> {
  readonly kind: 'flag';
  readonly name: N;
  readonly short?: string;
}

export type CliOption = ValueOption | FlagOption;

/** Two options that exclude each other; one of them must be given when `required`. */
export interface EitherOption<A extends CliOption = CliOption, B extends CliOption = CliOption> {
  readonly kind: 'either';
  readonly options: readonly [A, B];
  readonly required: boolean;
}

export type OptionEntry = CliOption | EitherOption;

/** A word after the command's name: `outbox retry ID`. */
export interface ArgSpec {
  /** How the help shows it. */
  readonly usage: string;
  /** How a usage error names it: "needs an operation id". */
  readonly noun: string;
}

/** A usage error's sentence about `--name value`, or null when the value is fine. */
export type ValueCheck = (value: string, name: string) => string | null;

interface ValueRules {
  emptyAllowed?: boolean;
  check?: ValueCheck;
}

export function required<const N extends string>(
  name: N,
  placeholder: string,
  rules: ValueRules = {},
): ValueOption<N, true> {
  return { kind: 'value', name, placeholder, required: true, ...rules };
}

export function optional<const N extends string>(
  name: N,
  placeholder: string,
  rules: ValueRules = {},
): ValueOption<N, false> {
  return { kind: 'value', name, placeholder, required: false, ...rules };
}

export function flag<const N extends string>(name: N, short?: string): FlagOption<N> {
  return short === undefined ? { kind: 'flag', name } : { kind: 'flag', name, short };
}

/** Two options of which exactly one must be given: `(--at ISO-8601 | --clear)`. */
export function exactlyOne<A extends CliOption, B extends CliOption>(a: A, b: B): EitherOption<A, B> {
  return { kind: 'either', options: [a, b], required: true };
}

/** Two options of which at most one may be given: `[--profile ID | --no-profile]`. */
export function atMostOne<A extends CliOption, B extends CliOption>(a: A, b: B): EitherOption<A, B> {
  return { kind: 'either', options: [a, b], required: false };
}

/** "a, b or c": the words of a list in a sentence. */
export function listWords(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** A value from a fixed set: `--auth-header bearer|x-api-key`. */
export function oneOf<const N extends string>(name: N, choices: readonly string[]): ValueOption<N, false> {
  return optional(name, choices.join('|'), {
    check: (value) =>
      choices.includes(value) ? null : `--${name} must be ${listWords(choices.map((c) => `'${c}'`))}.`,
  });
}

/** A whole number, named by its unit in the usage error: "a whole number of seconds". */
export function wholeNumber(unit?: string): ValueCheck {
  return (value, name) =>
    /^\d+$/.test(value) ? null : `--${name} must be a whole number${unit ? ` of ${unit}` : ''}.`;
}

/** A whole number from `min` to `max`, as the core takes it: `--limit` of `log`. */
export function wholeNumberIn(min: number, max: number): ValueCheck {
  return (value, name) => {
    const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    return n >= min && n <= max ? null : notWholeNumberIn(name, min, max);
  };
}

/** Every option an entry list declares, those inside an `either` included. */
export function optionsOf(entries: readonly OptionEntry[]): CliOption[] {
  return entries.flatMap((entry) => (entry.kind === 'either' ? [...entry.options] : [entry]));
}

type OptionsIn<E> = E extends EitherOption<infer A, infer B> ? A | B : E;
type IsRequired<O> = O extends ValueOption<string, true> ? true : false;

/** The values `run` receives: a required option is always there, the others may be missing. */
export type ValuesOf<E extends readonly OptionEntry[]> = {
  [O in OptionsIn<E[number]> as IsRequired<O> extends true ? O['name'] : never]: string;
} & {
  [O in OptionsIn<E[number]> as IsRequired<O> extends true ? never : O['name']]?: O extends FlagOption
    ? boolean
    : string;
};

export type ArgsOf<A extends readonly ArgSpec[]> = { -readonly [K in keyof A]: string };

export type Values = Record<string, string | boolean | undefined>;

export interface RunContext<V = Values, A = string[]> {
  core: AppCore;
  values: V;
  args: A;
  io: CliIo;
  /** Every secret this command has seen; `connect` adds the token it reads. */
  redactor: Redactor;
}

/** What a command answers; the runner prints it. */
export interface Outcome {
  /** What --json prints. */
  json: unknown;
  /** What a person sees. */
  text: string;
  /** Lines for standard error, whether or not --json is given: what went wrong, part by part. */
  problems?: string[];
  exitCode?: number;
}

/** An error as --json tells it. */
export interface JsonError {
  code: string;
  message: string;
}

/**
 * A command whose --json document is part of its contract (named where the command is): --json
 * prints its answer as it is, not inside `{ ok, value }`, and the exit code says whether it went
 * well. `failed` is the document for an error before any answer: the same shape, saying why.
 */
export interface OwnJson {
  failed(error: JsonError): unknown;
}

export interface CliCommand {
  /** Its words: `status`, or `outbox retry` for an action of `outbox`. */
  readonly name: string;
  readonly args: readonly ArgSpec[];
  readonly options: readonly OptionEntry[];
  /** The help's lines, as they are printed beside or under the command's usage. */
  readonly help: readonly string[];
  /** Without it, --json prints `{ ok, value }` or `{ ok: false, error }`. */
  readonly ownJson?: OwnJson;
  run(context: RunContext): Promise<Outcome>;
}

export interface CommandSpec<E extends readonly OptionEntry[], A extends readonly ArgSpec[]> {
  name: string;
  args?: A;
  options?: E;
  help?: readonly string[];
  ownJson?: OwnJson;
  run(context: RunContext<ValuesOf<E>, ArgsOf<A>>): Promise<Outcome>;
}

export function defineCommand<
  const E extends readonly OptionEntry[] = [],
  const A extends readonly ArgSpec[] = [],
>(spec: CommandSpec<E, A>): CliCommand {
  return {
    name: spec.name,
    args: spec.args ?? [],
    options: spec.options ?? [],
    help: spec.help ?? [],
    ...(spec.ownJson === undefined ? {} : { ownJson: spec.ownJson }),
    // The parser has checked what the types promise: required values present, every word there.
    run: (context) => spec.run(context as RunContext<ValuesOf<E>, ArgsOf<A>>),
  };
}

/** The command line itself was wrong: exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** The command the line named, when that much of it was right. */
    readonly command: CliCommand | null = null,
  ) {
    super(message);
  }
}

/** A core answer that was an error: carries the bridge's code for --json output. */
export class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One core command; an error answer becomes CommandFailed. */
export async function call<C extends CommandName>(
  core: AppCore,
  command: C,
  payload: CommandPayload<C>,
): Promise<CommandResult<C>> {
  const result = await core.invoke(command, payload);
  if (result.ok) return result.value;
  // The window keeps a change a full disk refused and saves it later; this process ends.
  if (result.error.code === 'disk_full') throw new CommandFailed('disk_full', CLI_DISK_FULL);
  // The core's words carry instants: written here in this machine's zone.
  throw new CommandFailed(result.error.code, showInstants(result.error.message));
}
