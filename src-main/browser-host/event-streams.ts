// The browser host's open event streams (`GET /bridge/events`). Each carries the core's events
// as one server-sent message per turn of the host's thread, its data a JSON list of them, as the
// desktop app sends its window one IPC message per turn (desktop-app/ipc.ts). A first pull emits
// an event for every post and variant it stores (150,000 at 50,000 posts): a message each kept
// the host writing, and the page dispatching and parsing, one at a time.
import type { ServerResponse } from 'node:http';
import type { BridgeEvent } from '@preload/bridge';
import type { AppCore } from '../core/ports';
import { Batcher } from '../shared/batcher';

const KEEP_ALIVE_MS = 15_000;

export class EventStreams {
  /** Each open stream, with the events of this turn still to be written to it. */
  private readonly open = new Map<ServerResponse, Batcher<BridgeEvent>>();

  constructor(private readonly core: Pick<AppCore, 'subscribe'>) {}

  /** Keeps `res` (its headers already written) as a stream of the core's events until it closes. */
  add(res: ServerResponse): void {
    // A stream ended by the host's close is still subscribed until its 'close' event: the core
    // may emit in between (text saved as it closes), and a write after the end would throw.
    const write = (chunk: string): void => {
      if (!res.writableEnded && !res.destroyed) res.write(chunk);
    };
    // A comment first, so the client's `open` fires before any event exists.
    write(': connected\n\n');
    const queued = new Batcher<BridgeEvent>((events) => write(`data: ${JSON.stringify(events)}\n\n`));
    this.open.set(res, queued);
    const unsubscribe = this.core.subscribe((event: BridgeEvent) => queued.add(event));
    const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    keepAlive.unref();
    res.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      queued.clear();
      this.open.delete(res);
    });
  }

  /** Writes what every stream has queued now (before a command's answer). */
  flush(): void {
    for (const queued of this.open.values()) queued.flush();
  }

  /** Ends every stream (what is queued goes first), so the server can close. */
  endAll(): void {
    this.flush();
    for (const res of this.open.keys()) res.end();
  }
}
