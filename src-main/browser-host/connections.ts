// The host's connections under load it did not ask for. Any local process can open connections,
// pipeline requests on them and never read an answer: Node would answer every pipelined request
// at once and keep each answer waiting in memory, and a client that does not read holds its
// connection for as long as it likes. So each connection may have a few requests waiting for
// their answers (one more closes it), an answer whose client takes none of its bytes for the
// write timeout closes its connection, and at the cap a new connection takes the place of the one
// that has done nothing for longest, so clients that never read cannot keep a page out. (Which
// client reads is not known here until the kernel's buffers fill, megabytes later; but on this
// machine a file's answer is taken in milliseconds by any client that reads, so the one sending
// longest is the one not reading.)
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../core/ports';
import type { HostLimits } from './guard';

interface Answer {
  res: ServerResponse;
  startedAt: number;
}

interface Connection {
  socket: Socket;
  /** Answers not finished, in their order on the connection: the first is being sent. */
  answers: Answer[];
  /** When it last started or finished an answer. */
  lastActiveAt: number;
  /** Bytes the client had taken at the last check. */
  taken: number;
  /** Since when its client has taken none of the bytes waiting for it; null when none wait. */
  stalledSince: number | null;
}

export interface ConnectionGuard {
  /** Whether a request may be answered; past the queue bound its connection is closed instead. */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
  /** Closes every connection and stops the checks. */
  closeAll(): void;
}

// Answers meant to stay open (event streams): never taken for idle.
const streams = new WeakSet<ServerResponse>();

/** Marks an answer meant to stay open, such as an event stream. */
export function staysOpen(res: ServerResponse): void {
  streams.add(res);
}

/** Bytes written to the connection that its client has taken (not still waiting in Node). */
const takenBy = (socket: Socket): number => socket.bytesWritten - socket.writableLength;

/** Counts a warning and logs the first and then every hundredth: a flood would write a line each. */
function rareWarning(logger: Logger, message: string): () => void {
  let count = 0;
  return () => {
    if (count++ % 100 === 0) logger.warn(message, { count });
  };
}

/** Closes each connection whose client has taken none of the bytes waiting for it for `timeoutMs`. */
function closeStalled(connections: Iterable<Connection>, timeoutMs: number, warn: () => void): void {
  const now = Date.now();
  for (const conn of connections) {
    const taken = takenBy(conn.socket);
    if (conn.socket.writableLength === 0) conn.stalledSince = null;
    else if (conn.stalledSince === null || taken !== conn.taken) conn.stalledSince = now;
    conn.taken = taken;
    if (conn.stalledSince !== null && now - conn.stalledSince >= timeoutMs) {
      warn();
      conn.socket.destroy();
    }
  }
}

export function guardConnections(server: Server, limits: HostLimits, logger: Logger): ConnectionGuard {
  const connections = new Map<Socket, Connection>();
  const dropped = rareWarning(logger, 'browser host: too many connections, closing new ones');
  const flooded = rareWarning(logger, 'browser host: too many requests queued on a connection, closing it');
  const stalled = rareWarning(logger, 'browser host: a client took none of its answer in time, closing it');

  const checks = setInterval(
    () => closeStalled(connections.values(), limits.writeTimeoutMs, stalled),
    limits.timeoutCheckMs,
  );
  checks.unref();

  /**
   * Since when a connection has done nothing of use: idle, or sending an answer its client may
   * not be taking. Null while it is busy: an answer still being worked out, or an event stream
   * (meant to stay open).
   */
  function idleSince(conn: Connection): number | null {
    const [current] = conn.answers;
    if (current === undefined) return conn.lastActiveAt;
    if (!current.res.headersSent || streams.has(current.res)) return null;
    return conn.stalledSince ?? current.startedAt;
  }

  /** The connection to close for a new one at the cap: the one that has done nothing for longest. */
  function leastUseful(): Connection | null {
    let pick: Connection | null = null;
    let pickSince = Infinity;
    for (const conn of connections.values()) {
      const since = idleSince(conn);
      if (since !== null && since < pickSince) {
        pick = conn;
        pickSince = since;
      }
    }
    return pick;
  }

  server.on('connection', (socket: Socket) => {
    const now = Date.now();
    if (connections.size >= limits.maxConnections) {
      const victim = leastUseful();
      if (victim === null) {
        dropped();
        socket.destroy();
        return;
      }
      victim.socket.destroy();
      connections.delete(victim.socket);
    }
    connections.set(socket, { socket, answers: [], lastActiveAt: now, taken: 0, stalledSince: null });
    socket.on('close', () => connections.delete(socket));
  });

  return {
    admit(req, res) {
      const conn = connections.get(req.socket);
      if (conn === undefined || req.socket.destroyed) return false;
      const answer = { res, startedAt: Date.now() };
      conn.answers.push(answer);
      conn.lastActiveAt = answer.startedAt;
      // 'close' follows every answer: finished, or cut off with its connection.
      res.once('close', () => {
        conn.answers = conn.answers.filter((a) => a !== answer);
        conn.lastActiveAt = Date.now();
      });
      if (conn.answers.length <= limits.maxQueuedRequests) return true;
      flooded();
      req.socket.destroy();
      return false;
    },
    closeAll() {
      clearInterval(checks);
      for (const socket of connections.keys()) socket.destroy();
    },
  };
}
