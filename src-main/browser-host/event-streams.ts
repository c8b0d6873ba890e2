// The browser host's open event streams (`GET /bridge/events`). Each carries the core's events
// as one server-sent message per turn of the host's thread, its data a JSON list of them, as the
// desktop app sends its window one IPC message per turn (desktop-app/ipc.ts). A first pull emits
// an event for every post and variant it stores (150,000 at 50,000 posts): a message each kept
// the host writing, and the page dispatching and parsing, one at a time.
import type { ServerResponse } from 'node:http';
import type { BridgeEvent } from '@preload/bridge';
import type { AppCore } from '../core/ports';

const KEEP_ALIVE_MS = 15_000;

interface OpenStream {
  queued: BridgeEvent[];
  write: (chunk: string) => void;
}

export class EventStreams {
  private readonly open = new Set<OpenStream>();
  private readonly responses = new Set<ServerResponse>();
  private turn: NodeJS.Immediate | null = null;

  constructor(private readonly core: Pick<AppCore, 'subscribe'>) {}

  /** Keeps `res` (its headers already written) as a stream of the core's events until it closes. */
  add(res: ServerResponse): void {
    // A stream ended by the host's close is still subscribed until its 'close' event: the core
    // may emit in between (text saved as it closes), and a write after the end would throw.
    const write = (chunk: string): void => {
      if (!res.writableEnded && !res.destroyed) res.write(chunk);
    };
    const stream: OpenStream = { queued: [], write };
    // A comment first, so the client's `open` fires before any event exists.
    write(': connected\n\n');
    this.open.add(stream);
    this.responses.add(res);
    const unsubscribe = this.core.subscribe((event: BridgeEvent) => {
      stream.queued.push(event);
      this.turn ??= setImmediate(() => this.flush());
    });
    const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    keepAlive.unref();
    res.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      this.open.delete(stream);
      this.responses.delete(res);
    });
  }

  /** Writes what every stream has queued: at the end of a turn, and before a command's answer. */
  flush(): void {
    if (this.turn !== null) clearImmediate(this.turn);
    this.turn = null;
    for (const stream of this.open) {
      if (stream.queued.length === 0) continue;
      const events = stream.queued;
      stream.queued = [];
      stream.write(`data: ${JSON.stringify(events)}\n\n`);
    }
  }

  /** Ends every stream (what is queued goes first), so the server can close. */
  endAll(): void {
    this.flush();
    for (const res of this.responses) res.end();
  }
}
