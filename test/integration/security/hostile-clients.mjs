// A local process that loads the browser host without asking for anything it will use, run as
// a child so the host's own handles can be counted apart from its sockets.
//   node hostile-clients.mjs flood PORT CONNECTIONS REQUESTS PATH
//     each connection pipelines REQUESTS requests for PATH in one write and never reads;
//     prints "sent" once every write has gone out
//   node hostile-clients.mjs stall PORT CONNECTIONS PATH
//     each connection asks for PATH once, takes the first bytes of the answer and reads no more;
//     prints "stalled" once every answer has started
// It stays until it is killed.
import { connect } from 'node:net';

const [mode, portText, countText, ...rest] = process.argv.slice(2);
const port = Number(portText);
const count = Number(countText);
const request = (path) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;

function opened() {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function flood(requests, path) {
  const sockets = await Promise.all(Array.from({ length: count }, opened));
  await Promise.all(
    sockets.map((socket) => {
      socket.pause();
      return new Promise((resolve) => socket.write(request(path).repeat(requests), resolve));
    }),
  );
  process.stdout.write('sent\n');
}

async function stall(path) {
  const sockets = await Promise.all(Array.from({ length: count }, opened));
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          socket.once('data', () => {
            socket.pause();
            resolve();
          });
          socket.write(request(path));
        }),
    ),
  );
  process.stdout.write('stalled\n');
}

if (mode === 'flood') await flood(Number(rest[0]), rest[1]);
else if (mode === 'stall') await stall(rest[0]);
else throw new Error(`unknown mode ${mode}`);
setInterval(() => {}, 60_000);
