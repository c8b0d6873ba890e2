// What the host says and does around the core's thread: the words a command asked as it
// stopped answers, how long to wait before starting it again, and where its built script lies.
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A command that was asked when the core stopped: not done, safe to ask again. */
export const STOPPED_WORDS =
  'Outpost’s background work stopped before it answered and is starting again: nothing typed is lost, and it is saved once it is back.';

/** Waits before each start again in a row (a core that keeps dying is not restarted in a tight loop). */
export const RESTART_DELAYS_MS = [0, 500, 2_000, 5_000, 15_000, 30_000];

/** The built worker: `out/main/core-worker.js`, beside the host's own bundle (or its chunks). */
export function defaultCoreWorkerFile(): string {
  return join(builtMain(), 'core-worker.js');
}

/** The built wire's worker, `out/main/wire-worker.js` (the core's thread finds it beside itself). */
export function defaultWireWorkerFile(): string {
  return join(builtMain(), 'wire-worker.js');
}

/** `out/main`: from a bundle in it (or its chunks), from another bundle in `out/`, or from the sources. */
function builtMain(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const marker = `${sep}out${sep}main`;
  const at = here.lastIndexOf(marker);
  return at === -1 ? resolve(here, '..', '..', 'out', 'main') : here.slice(0, at + marker.length);
}
