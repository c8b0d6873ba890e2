// The browser host under load it did not ask for, from another local process over real sockets
// (hostile-clients.mjs, a child, so this process's handles are the host's own): pipelined floods
// that never read are cut off after a few queued requests and leave no file handles or memory
// behind, an answer nobody takes is dropped by the write timeout, and clients that never read
// cannot keep a new page out.
import { spawn, type ChildProcess } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HOST_LIMITS, type HostLimits } from '../../../src-main/browser-host/guard';
import { startBrowserHost, type BrowserHost } from '../../../src-main/browser-host/lifecycle';
import { createFakeCore } from '../../unit/shell/fake-core';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const HOSTILE = join(import.meta.dirname, 'hostile-clients.mjs');
// Far more than the kernel's socket buffers take, so an answer nobody reads stays unfinished.
const SCRIPT_BYTES = 16 * 1024 * 1024;
const SCRIPT = '/assets/big.js';
const PAGE_SCRIPT = '/assets/index.js';
const PAGE_SCRIPT_TEXT = 'console.log("Outpost");'.repeat(4096);
const PAGE = '<!doctype html><title>Outpost</title>';

let dir = '';
const hosts: BrowserHost[] = [];
const children: ChildProcess[] = [];
/** The host's side of every connection it accepted. */
let accepted: Socket[] = [];
const onAccepted = (message: unknown): void => {
  accepted.push((message as { socket: Socket }).socket);
};

beforeEach(() => {
  accepted = [];
  subscribe('net.server.socket', onAccepted);
  dir = mkdtempSync(join(tmpdir(), 'outpost-host-load-'));
  mkdirSync(join(dir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'renderer', 'index.html'), PAGE);
  writeFileSync(join(dir, 'renderer', 'assets', 'big.js'), Buffer.alloc(SCRIPT_BYTES, 0x20));
  writeFileSync(join(dir, 'renderer', 'assets', 'index.js'), PAGE_SCRIPT_TEXT);
});
afterEach(async () => {
  unsubscribe('net.server.socket', onAccepted);
  for (const child of children.splice(0)) child.kill();
  for (const host of hosts.splice(0)) await host.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(limits: Partial<HostLimits> = {}): Promise<number> {
  const host = await startBrowserHost({
    dataDir: dir,
    rendererDir: join(dir, 'renderer'),
    core: createFakeCore(),
    limits,
  });
  hosts.push(host);
  return Number(new URL(host.url).port);
}

/** Starts hostile clients and resolves once they say they have done their part. */
async function hostile(args: Array<string | number>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [HOSTILE, ...args.map(String)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`hostile clients exited with ${code}`)));
  });
  return child;
}

async function stopped(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill();
  await exited;
}

/** Resolves once the host has closed every connection it accepted. */
async function allClosed(): Promise<void> {
  await Promise.all(accepted.filter((socket) => !socket.closed).map((socket) => once(socket, 'close')));
}

/** This process's open file descriptors and its memory after a full collection. */
function usage(): { handles: number; bytes: number } {
  collectGarbage();
  const memory = process.memoryUsage();
  return { handles: readdirSync('/proc/self/fd').length, bytes: memory.heapUsed + memory.external };
}

/** Polls (its connections closed) until the host's files and memory are back near where they started. */
async function backTo(start: { handles: number; bytes: number }): Promise<void> {
  await vi.waitFor(
    () => {
      const now = usage();
      expect(now.handles).toBeLessThanOrEqual(start.handles + 4);
      expect(now.bytes).toBeLessThan(start.bytes + 16 * 1024 * 1024);
    },
    { timeout: 1_000, interval: 50 },
  );
}

/** The body of one answer, over a connection of its own closed after it; null when none comes. */
function body(port: number, path: string): Promise<Buffer | null> {
  return new Promise((resolve) => {
    get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(res.statusCode === 200 ? Buffer.concat(chunks) : null));
      res.on('error', () => resolve(null));
    }).on('error', () => resolve(null));
  });
}

/** A whole page (the document and a script), as a new tab asks for it. */
async function pageLoads(port: number): Promise<boolean> {
  const page = await body(port, '/');
  const script = await body(port, PAGE_SCRIPT);
  return page?.toString() === PAGE && script?.toString() === PAGE_SCRIPT_TEXT;
}

/** How many answers one connection gets to `requests` pipelined requests for the page (the last says close). */
async function answersTo(port: number, requests: number): Promise<number> {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const request = (last: boolean): string =>
    `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${last ? 'Connection: close\r\n' : ''}\r\n`;
  socket.write(request(false).repeat(requests - 1) + request(true));
  await closed;
  return text.split('HTTP/1.1 200').length - 1;
}

describe('requests pipelined on one connection', () => {
  it('are bounded: past a few waiting for their answers, the connection is closed', async () => {
    const port = await start();
    const few = DEFAULT_HOST_LIMITS.maxQueuedRequests;
    expect(await answersTo(port, few)).toBe(few);
    expect(await answersTo(port, 400)).toBeLessThanOrEqual(DEFAULT_HOST_LIMITS.maxQueuedRequests);
  });

  it('in a flood that never reads leave no handles or memory behind once the clients go', async () => {
    const port = await start();
    const before = usage();
    const flood = await hostile(['flood', port, 8, 400, SCRIPT]);
    // A page answered after the flood was sent: the host has read the flood by then.
    expect(await pageLoads(port)).toBe(true);
    await stopped(flood);
    await allClosed();
    await backTo(before);
  });
});

describe('clients that never read their answer', () => {
  it('are closed by the write timeout, leaving no handles or memory behind', async () => {
    const port = await start({ writeTimeoutMs: 100, timeoutCheckMs: 20 });
    const before = usage();
    await hostile(['stall', port, 8, SCRIPT]);
    await allClosed();
    await backTo(before);
  });

  it('cannot hold the connection cap: a new page loads while 64 of them hang', async () => {
    // A write timeout longer than the test: only the cap's own rule can let the page in.
    const port = await start({ writeTimeoutMs: 10 * 60_000 });
    await hostile(['stall', port, DEFAULT_HOST_LIMITS.maxConnections, SCRIPT]);
    expect(await pageLoads(port)).toBe(true);
  });
});
