// The window goes first. A full pull keeps the core's thread busy for seconds, and a keystroke's
// save that came in behind a batch of a hundred posts waited tens of milliseconds for it. So the
// sync stops at its next step (a transaction, a request, one post merged) while a command of the
// window's waits, and lets it through:
// - `waiting`: sent and not yet taken up by the core's thread. Only a host that runs the core on
//   a thread of its own can tell (core-thread/ counts them in memory both threads share).
// - `running`: taken up and not yet answered. Such a command may be waiting for the database
//   connection a sync's transaction holds, so that transaction commits now rather than take on
//   more.

export interface WindowCommands {
  waiting(): boolean;
  running(): boolean;
}

/**
 * Turns given in a row at most: a host that never stops sending commands slows the sync to a
 * step per this many turns, but cannot stop it.
 */
export const MAX_TURNS_GIVEN = 64;

/** Lets the I/O callbacks already due in this turn of the event loop run (a message, an answer). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Waits, a turn of the event loop at a time, while a command waits to be taken up (read between turns). */
export async function giveWay(commands: WindowCommands | undefined): Promise<void> {
  if (commands === undefined) return;
  for (let turn = 0; turn < MAX_TURNS_GIVEN && commands.waiting(); turn++) await nextTurn();
}

/** Whether a sync's transaction should commit what it has now: a command waits or runs. */
export function windowFirst(commands: WindowCommands | undefined): boolean {
  return commands !== undefined && (commands.waiting() || commands.running());
}
