// One record per command, everything about it in one place: the schema its payload is checked
// with (strict: unknown keys are refused), what it does, whether its answer quotes the service
// (then it is cleaned of every secret again before it crosses the bridge), and whether it can be
// taken back (then it answers its undo entry beside its value, and the facade records it). Each
// feature declares its commands in one map (the shape of Actual Budget's per-feature app
// modules); commands.ts combines the maps and must hold every command of the contract, so a
// command without a record, or a record without one of its parts, fails to compile.
import type { z } from 'zod';
import type { CommandName, CommandPayload, CommandResult, LocalId } from '@preload/bridge';
import type { AppContext } from './app-context';

/** An item an undo could not put back, and why (it moved on meanwhile). */
export interface UndoRefusal {
  postId: LocalId;
  reason: string;
}

/** What an inverse did: how many items are back as they were, and which could not be. */
export interface UndoOutcome {
  undone: number;
  refused: UndoRefusal[];
}

/**
 * The entry an undoable command answers, for the undo journal (undo/journal.ts) to keep: its
 * label, the posts it touched, and the inverse that takes the change back.
 */
export interface UndoableChange {
  label: string;
  postIds: LocalId[];
  inverse: () => Promise<UndoOutcome>;
}

/** What an undoable command answers: its value, and the entry that takes it back (null: nothing changed). */
export interface Undoable<T> {
  value: T;
  undo: UndoableChange | null;
}

type Run<C extends CommandName, R> = (app: AppContext, payload: CommandPayload<C>) => Promise<R>;

export type Command<C extends CommandName> = {
  /** The payload as the contract types it, checked before `run` sees it. */
  payload: z.ZodType<CommandPayload<C>, unknown>;
  /** The answer may hold the service's own words (an error, a status): cleaned of secrets again. */
  quotesService: boolean;
  /**
   * With `quotesService`, when only part of the answer can quote the service: cleans that part
   * (`clean` takes a text), where the whole answer would otherwise be walked.
   */
  cleanAnswer?: (answer: CommandResult<C>, clean: (text: string) => string) => CommandResult<C>;
  /**
   * Its answer waits for a whole sync. Not counted among the commands running, which a sync's
   * transaction commits early for (give-way.ts): the sync would make way for itself.
   */
  waitsForSync?: true;
} & (
  | { undoable: false; run: Run<C, CommandResult<C>> }
  | { undoable: true; run: Run<C, Undoable<CommandResult<C>>> }
);

export type Commands<K extends CommandName> = { [C in K]: Command<C> };

/** The commands the maps declare, all of them (the conditional distributes over the maps). */
type CommandsOf<Map> = Map extends object ? keyof Map & CommandName : never;

/**
 * Every map's commands in one. Its type names only the commands the maps declare, so
 * `combineCommands(...) satisfies Commands<CommandName>` fails to compile while one is missing;
 * a command declared twice is an error at start.
 */
export function combineCommands<M extends Array<Partial<Commands<CommandName>>>>(
  ...maps: M
): Commands<CommandsOf<M[number]>> {
  const all: Partial<Record<CommandName, unknown>> = {};
  for (const map of maps) {
    for (const [name, command] of Object.entries(map)) {
      if (name in all) throw new Error(`Command ${name} is declared twice.`);
      all[name as CommandName] = command;
    }
  }
  return all as Commands<CommandsOf<M[number]>>;
}

/**
 * Runs a command whose payload is checked: an undoable one's entry goes to `record` (the undo
 * journal) once its change has committed, and only its value is answered.
 */
export async function runCommand<C extends CommandName>(
  command: Command<C>,
  app: AppContext,
  payload: CommandPayload<C>,
  record: (undo: UndoableChange) => void,
): Promise<CommandResult<C>> {
  if (!command.undoable) return command.run(app, payload);
  const { value, undo } = await command.run(app, payload);
  if (undo !== null) record(undo);
  return value;
}
