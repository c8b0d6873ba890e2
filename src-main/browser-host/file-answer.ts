// A built file as an answer's body. Its file is opened only when the answer's turn on its
// connection comes (a pipelined request waits behind the ones before it, and may never get a
// turn), and closed with the connection if the client goes before the end.
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';

export function streamFile(file: string, res: ServerResponse): void {
  const start = (): void => {
    // pipeline destroys the file stream when the answer is closed early, and the answer on a read error.
    pipeline(createReadStream(file), res, () => {});
  };
  if (res.socket) start();
  else res.once('socket', start);
}
