// The host's hardening, with raw sockets against a real browser host: a second Host header and
// absolute-form or asterisk targets are refused, connections are capped (an idle one gives way to
// a new one), and slow or idle ones are closed by the header, request and keep-alive timeouts
// (shortened here; every wait is on a socket's own event). Event streams outlive the request
// timeout.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostLimits } from '../../../src-main/browser-host/guard';
import { startBrowserHost, type BrowserHost } from '../../../src-main/browser-host/lifecycle';
import { createFakeCore, type FakeCore } from '../../unit/shell/fake-core';

let dir = '';
const hosts: BrowserHost[] = [];
const sockets: Socket[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-host-hardening-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Outpost</title>');
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const host of hosts.splice(0)) await host.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(limits: Partial<HostLimits> = {}, core: FakeCore = createFakeCore()) {
  const host = await startBrowserHost({ dataDir: dir, rendererDir: join(dir, 'renderer'), core, limits });
  hosts.push(host);
  return { host, port: Number(new URL(host.url).port), core };
}

/** A socket to the host that collects everything it receives. */
async function open(
  port: number,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => text, closed };
}

/** Sends one request (with Connection: close) and resolves with the status of the answer. */
async function statusOf(port: number, head: string): Promise<number> {
  const { socket, received, closed } = await open(port);
  // Not end(): a client's half-close lets the server drop the connection before it answers.
  socket.write(head);
  await closed;
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(received())?.[1] ?? 0);
}

/** Resolves once `socket` has received a whole answer with `marker` in it. */
function answered(socket: Socket, received: () => string, marker = '</title>'): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (received().includes(marker)) {
        socket.off('data', check);
        resolve();
      }
    };
    socket.on('data', check);
    check();
  });
}

describe('the request line and Host', () => {
  it('serves an ordinary request (the check below is not refusing everything)', async () => {
    const { port } = await start();
    expect(
      await statusOf(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    ).toBe(200);
  });

  it.each([
    [
      'absolute-form, another host',
      (p: number) => `GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1:${p}`,
    ],
    [
      'absolute-form, our own address',
      (p: number) => `GET http://127.0.0.1:${p}/ HTTP/1.1\r\nHost: 127.0.0.1:${p}`,
    ],
    [
      'absolute-form invoke',
      (p: number) => `POST http://evil.example/bridge/invoke/settings.get HTTP/1.1\r\nHost: 127.0.0.1:${p}`,
    ],
    ['an asterisk target', (p: number) => `OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1:${p}`],
    [
      'a second Host after ours',
      (p: number) => `GET / HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\nHost: evil.example`,
    ],
    [
      'a second Host before ours',
      (p: number) => `GET / HTTP/1.1\r\nHost: evil.example\r\nHost: 127.0.0.1:${p}`,
    ],
    ['our Host twice', (p: number) => `GET / HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\nhost: 127.0.0.1:${p}`],
    ['no Host', () => `GET / HTTP/1.1`],
  ])('refuses %s with 400', async (_label, head) => {
    const { port, core } = await start();
    expect(await statusOf(port, `${head(port)}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)).toBe(400);
    expect(core.calls).toHaveLength(0);
  });
});

describe('connections', () => {
  it('are capped: past the cap, while every one is busy, a new one is closed unanswered, and one is served again once a slot frees', async () => {
    const { port, host } = await start({ maxConnections: 3 });
    // Three busy connections: each holds an open event stream.
    const held = await Promise.all([open(port), open(port), open(port)]);
    for (const { socket, received } of held) {
      socket.write(
        `GET /bridge/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Outpost-Token: ${host.token}\r\n\r\n`,
      );
      await answered(socket, received, ': connected');
    }
    const request = `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
    const extra = await open(port);
    extra.socket.write(request);
    await extra.closed;
    expect(extra.received()).toBe('');

    const [first] = held;
    first.socket.destroy();
    await first.closed;
    const next = await open(port);
    next.socket.write(request);
    await answered(next.socket, next.received);
    expect(next.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('past the cap, a new one takes the place of the one idle longest', async () => {
    const { port } = await start({ maxConnections: 3, keepAliveTimeoutMs: 60_000 });
    const request = `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
    // Three kept-alive connections, each answered and then idle, the first for longest.
    const held = [];
    for (let i = 0; i < 3; i++) {
      const connection = await open(port);
      connection.socket.write(request);
      await answered(connection.socket, connection.received);
      held.push(connection);
    }
    const extra = await open(port);
    extra.socket.write(request);
    await answered(extra.socket, extra.received);
    expect(extra.received()).toMatch(/^HTTP\/1\.1 200/);
    await held[0]?.closed;
    expect(held.slice(1).map(({ socket }) => socket.destroyed)).toEqual([false, false]);
  });

  it('that never finish their headers are closed with 408', async () => {
    const { port } = await start({ headersTimeoutMs: 150, requestTimeoutMs: 300, timeoutCheckMs: 50 });
    const slow = await open(port);
    // A slow-loris: a request line and one header, then nothing.
    slow.socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('that never finish their body are closed with 408', async () => {
    const { port, core, host } = await start({
      headersTimeoutMs: 150,
      requestTimeoutMs: 300,
      timeoutCheckMs: 50,
    });
    const slow = await open(port);
    slow.socket.write(
      `POST /bridge/invoke/settings.get HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Outpost-Token: ${host.token}\r\nContent-Length: 100\r\n\r\n{"a":`,
    );
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(core.calls).toHaveLength(0);
  });

  it('left idle after an answer are closed by the keep-alive timeout', async () => {
    const { port } = await start({ keepAliveTimeoutMs: 100 });
    const idle = await open(port);
    idle.socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await answered(idle.socket, idle.received);
    // Announced in whole seconds (Node's own default would say 5).
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\nKeep-Alive: timeout=0\r\n/);
    await idle.closed;
  });

  it('an event stream outlives the request timeout', async () => {
    const { port, host, core } = await start({
      headersTimeoutMs: 150,
      requestTimeoutMs: 300,
      timeoutCheckMs: 50,
    });
    const stream = await open(port);
    stream.socket.write(
      `GET /bridge/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Outpost-Token: ${host.token}\r\n\r\n`,
    );
    await answered(stream.socket, stream.received, ': connected');
    // A slow-loris opened after the stream and closed by the timeouts: the stream is older.
    const slow = await open(port);
    slow.socket.write(`GET / HTTP/1.1\r\n`);
    await slow.closed;
    core.emit({ name: 'itemChanged', data: { postId: 'p1', variantId: null } });
    await answered(stream.socket, stream.received, '"postId":"p1"');
    expect(stream.socket.destroyed).toBe(false);
  });
});

describe('request heads', () => {
  it('take a browser’s full cookie jar, and stay bounded past it', async () => {
    const { port } = await start();
    const jar = Array.from({ length: 180 }, (_, i) => `c${i}=${'x'.repeat(4000)}`).join('; ');
    const head = (cookie: string) =>
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`;
    expect(await statusOf(port, head(jar))).toBe(200);
    expect(await statusOf(port, head('x'.repeat(2 * 1024 * 1024)))).toBe(431);
  });
});
