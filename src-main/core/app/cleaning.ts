// What leaves the core is cleaned of secrets: the answers of commands that may quote the service,
// and every event (a status, a notice or an undo label may quote it). Not what is made of the
// core's own ids alone: a first pull of 50,000 posts emits 150,000 `itemChanged`, and a list's
// refresh answers its order, 50,000 ids; walking them took about 2 s of the core's thread in such a
// pull with the window open. An id the core made is hex digits and dashes; a text that is not
// (it never happens) is cleaned like everything else.
import type { BridgeEvent, CommandName, CommandResult } from '@preload/bridge';
import { isLocalIdShape } from '../store/ids';
import type { Command } from './command';
import { redactDeep } from './connection/file-logger';

type Clean = (text: string) => string;

/** Events whose data is a post's local id and a variant's (or null), nothing else. */
const ID_EVENTS: ReadonlySet<BridgeEvent['name']> = new Set(['itemChanged', 'versionSaved']);

function onlyLocalIds(event: BridgeEvent): boolean {
  if (!ID_EVENTS.has(event.name)) return false;
  return Object.values(event.data).every(
    (id) => id === null || (typeof id === 'string' && isLocalIdShape(id)),
  );
}

/** The event as listeners may see it: every string cleaned, unless it holds only local ids. */
export function cleanEvent(event: BridgeEvent, clean: Clean): BridgeEvent {
  return onlyLocalIds(event) ? event : redactDeep(event, clean);
}

/** A command's answer that may quote the service, cleaned: the part it declares, or all of it. */
export function cleanAnswer<C extends CommandName>(
  declared: Command<C>,
  answer: CommandResult<C>,
  clean: Clean,
): CommandResult<C> {
  return declared.cleanAnswer !== undefined ? declared.cleanAnswer(answer, clean) : redactDeep(answer, clean);
}

/** Ids the core made, as they are; anything else among them cleaned. */
export function cleanLocalIds(ids: readonly string[], clean: Clean): string[] {
  return ids.map((id) => (isLocalIdShape(id) ? id : clean(id)));
}
