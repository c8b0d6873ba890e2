// One handler module per feature (the shape of Actual Budget's loot-core apps): each declares
// its commands in a typed map; the facade only combines the maps. A command left without a
// handler fails to compile (the combined map must satisfy Handlers<CommandName>), and a name
// declared twice is an error at start.
import type { CommandName, CommandPayload, CommandResult } from '@preload/bridge';

export type Handler<C extends CommandName> = (payload: CommandPayload<C>) => Promise<CommandResult<C>>;
export type Handlers<K extends CommandName> = { [C in K]: Handler<C> };

/** A failure a command reports through the envelope; the message is shown to the user. */
export { CommandError } from './command-error';

/** The commands the maps answer, all of them (the conditional distributes over the maps). */
type CommandsOf<Map> = Map extends object ? keyof Map & CommandName : never;

/**
 * Every map's handlers in one. Its type names only the commands the maps answer, so
 * `combineHandlers(...) satisfies Handlers<CommandName>` fails to compile while one is missing.
 */
export function combineHandlers<M extends Array<Partial<Handlers<CommandName>>>>(
  ...maps: M
): Handlers<CommandsOf<M[number]>> {
  const all: Partial<Record<CommandName, unknown>> = {};
  for (const map of maps) {
    for (const [name, handler] of Object.entries(map)) {
      if (name in all) throw new Error(`Command ${name} is handled twice.`);
      all[name as CommandName] = handler;
    }
  }
  return all as Handlers<CommandsOf<M[number]>>;
}
