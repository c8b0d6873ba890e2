// The service's requests sent from the wire's own thread, as the core's thread sends them in the
// app: the real worker, real HTTP to the sandbox. Answers and every kind of failure cross the
// thread's port as they would on one thread, and a thread that dies fails what it held as a
// broken connection (its outcome unknown), sends what it never posted to it from a new thread,
// and is started again for the next request.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceClient, ServiceError } from '../../../src-main/core/api';
import { ThreadWire } from '../../../src-main/core-thread/thread-wire';
import type { WireAnswer, WireRequest } from '../../../src-main/core/api/wire';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { wireWorkerBundle } from '../../support/core-worker-bundle';

const DYING_WIRE = new URL('./dying-wire.mjs', import.meta.url);
const COUNTING_WIRE = new URL('./counting-wire.mjs', import.meta.url);
const IDLE_WIRE_CHILD = fileURLToPath(new URL('./idle-wire-child.ts', import.meta.url));
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function wire(file?: string | URL): Promise<ThreadWire> {
  const threadWire = new ThreadWire(file ?? (await wireWorkerBundle()));
  cleanups.push(() => threadWire.close());
  return threadWire;
}

async function sandbox(): Promise<SandboxHandle> {
  const s = await startSandbox({ seed: 'test' });
  cleanups.push(() => s.close());
  return s;
}

async function client(s: { baseUrl: string; token: string }, timeoutMs?: number): Promise<ServiceClient> {
  return new ServiceClient({
    baseUrl: s.baseUrl,
    token: s.token,
    authHeader: 'bearer',
    wire: (await wire()).send,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('the wire on its own thread', () => {
  it('sends and reads answers as on one thread: a listing and a create', async () => {
    const s = await sandbox();
    const service = await client(s);
    const created = await service.createPost(s.fixtures.workspace, { title: 'Sent from the wire’s thread' });
    const listed = await service.listPosts(s.fixtures.workspace);
    expect(listed.map((p) => p.id)).toContain(created.id);
    expect(s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === created.title)).toHaveLength(1);
  });

  it('a refusal keeps its status and its headers: the 429’s Retry-After crosses', async () => {
    const s = await sandbox();
    s.faults.add({ kind: 'retry_after', retryAfterSeconds: 7, times: 1 });
    const error = await failure((await client(s)).listWorkspaces());
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBe(7_000);
  });

  it('an answer over the size cap is refused there, as too large', async () => {
    const s = await sandbox();
    s.faults.add({ kind: 'oversize_answer', method: 'GET', path: '/api/workspaces/' });
    const error = await failure((await client(s)).listWorkspaces());
    expect(error.kind).toBe('malformed_response');
    expect(error.code).toBe('TOO_LARGE');
  });

  it('a connection dropped after the write: the outcome is unknown, and the write was made', async () => {
    const s = await sandbox();
    s.faults.add({
      kind: 'drop_after_write',
      method: 'POST',
      path: '/api/workspaces/:slug/posts/',
      times: 1,
    });
    const error = await failure(
      (await client(s)).createPost(s.fixtures.workspace, { title: 'Applied unseen' }),
    );
    expect(error.kind).toBe('offline');
    expect(error.mayHaveReachedService).toBe(true);
    expect(s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === 'Applied unseen')).toHaveLength(1);
  });

  it('nothing listening: never sent, so safe to send again', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const error = await failure(
      (
        await client({ baseUrl: `http://127.0.0.1:${port}`, token: 'cps_pat_nobodyhere0123456789' })
      ).listWorkspaces(),
    );
    expect(error.kind).toBe('offline');
    expect(error.mayHaveReachedService).toBe(false);
    expect(error.code).toBe('ECONNREFUSED');
  });

  it('an answer slower than the time limit is a timeout', async () => {
    const s = await sandbox();
    s.faults.add({ kind: 'latency', latencyMs: 5_000, method: 'GET', path: '/api/workspaces/' });
    const error = await failure((await client(s, 300)).listWorkspaces());
    expect(error.kind).toBe('timeout');
    expect(error.mayHaveReachedService).toBe(true);
  });
});

describe('a wire thread that dies', () => {
  const request = (path: string) => ({
    method: 'POST' as const,
    url: `http://127.0.0.1:9${path}`,
    headers: {},
    timeoutMs: 5_000,
    maxBodyBytes: 1024,
  });

  it('posts the requests of one turn to the thread in one message, and each gets its own answer', async () => {
    const threadWire = await wire(COUNTING_WIRE);
    const together = await Promise.all([1, 2, 3].map((n) => threadWire.send(request(`/posts/${n}/`))));
    expect(together.map((answer) => answer.text)).toEqual(['[3]', '[3]', '[3]']);
    const alone = await threadWire.send(request('/posts/4/'));
    expect(alone.text).toBe('[3,1]');
  });

  it('fails the request it held as a broken connection, and the next request gets a new thread', async () => {
    const threadWire = await wire(DYING_WIRE);
    const died = await failure(threadWire.send(request('/die/')));
    expect(died.kind).toBe('offline');
    expect(died.mayHaveReachedService).toBe(true);
    await expect(threadWire.send(request('/posts/'))).resolves.toMatchObject({ status: 200, text: '[]' });
  });

  it('a request made in the turn it dies, not yet posted to it, never left: a new thread sends it', async () => {
    const threadWire = await wire(DYING_WIRE);
    // The thread started and listening first, so that it dies as soon as it is asked to.
    await threadWire.send(request('/posts/'));
    const dying = new SharedArrayBuffer(4);
    const flag = new Int32Array(dying);
    const died = failure(threadWire.send({ ...request('/die/'), dying } as WireRequest));
    // Posted at the end of this turn. A request is then asked for in the loop's next timers,
    // while this thread sleeps and the other dies: the death is read later in that turn, and
    // the request, queued for its end, was never posted. The other thread says when it is
    // about to die (a fixed sleep was once too short in a loaded CI run); the last sleep lets
    // its end reach this thread's loop.
    await new Promise((resolve) => setImmediate(resolve));
    const next = new Promise<WireAnswer>((resolve, reject) => {
      setTimeout(() => void threadWire.send(request('/posts/')).then(resolve, reject), 0);
    });
    for (let tries = 0; tries < 100 && Atomics.load(flag, 0) === 0; tries++) Atomics.wait(flag, 0, 0, 100);
    expect(Atomics.load(flag, 0)).toBe(1);
    Atomics.wait(flag, 0, 1, 300);
    expect((await died).mayHaveReachedService).toBe(true);
    await expect(next).resolves.toMatchObject({ status: 200, text: '[]' });
  });

  it('one that never starts sends what it was given from this thread, and all that follows', async () => {
    const s = await sandbox();
    const refusals: unknown[] = [];
    const threadWire = new ThreadWire(new URL('./no-such-wire.mjs', import.meta.url), {
      onNoThread: (error) => refusals.push(error),
    });
    cleanups.push(() => threadWire.close());
    const service = new ServiceClient({
      baseUrl: s.baseUrl,
      token: s.token,
      authHeader: 'bearer',
      wire: threadWire.send,
    });
    const [workspaces, created] = await Promise.all([
      service.listWorkspaces(),
      service.createPost(s.fixtures.workspace, { title: 'Sent though the wire never started' }),
    ]);
    expect(workspaces.map((w) => w.slug)).toContain(s.fixtures.workspace);
    await service.getPost(s.fixtures.workspace, created.id);
    expect(s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === created.title)).toHaveLength(1);
    expect(refusals).toHaveLength(1);
  });

  it('keeps no process alive once idle: one that sent a request and has nothing left ends by itself', async () => {
    const s = await sandbox();
    const child = fork(IDLE_WIRE_CHILD, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, WIRE_FILE: await wireWorkerBundle(), WIRE_URL: `${s.baseUrl}/api/workspaces/` },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // A process that never ends fails the test by its time limit; the cleanup ends it then.
    cleanups.push(() => void child.kill());
    const answered = once(child, 'message');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    // No token was sent: the service answered 401, through the wire's thread, before the end.
    expect((await answered)[0]).toEqual({ status: 401 });
  });

  it('once closed, fails what it held and sends nothing more', async () => {
    const s = await sandbox();
    s.faults.add({ kind: 'latency', latencyMs: 5_000, method: 'GET', path: '/api/workspaces/' });
    const threadWire = await wire();
    const held = failure(
      threadWire.send({ ...request('/'), method: 'GET', url: `${s.baseUrl}/api/workspaces/` }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await threadWire.close();
    expect((await held).mayHaveReachedService).toBe(true);
    s.stats.reset();
    await failure(threadWire.send({ ...request('/'), method: 'GET', url: `${s.baseUrl}/api/workspaces/` }));
    expect(s.stats.requests).toBe(0);
  });
});
