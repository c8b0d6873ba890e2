// One run of the ceiling (see ../ceiling.ts) in a fresh process: the main thread does what the
// bare client does (the same requests, the same fetch, the same concurrency) and hands every
// answer's text to the writer thread (writer.ts), which owns the database. In the push, each op
// is claimed (committed as `sending`) before its request leaves, one op at a time or a post's
// ops together.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { bounded, draftsFor } from '../lib/bare-client';
import { answerParent, failureMessage } from '../lib/fork';
import { connect, draftLocally, openBenchCore } from '../lib/outpost-core';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import { applyV8MemorySettings } from '../../../src-main/shared/v8-memory';
import type { CoreWriterReply } from './core-writer';
import type { WriterData, WriterMessage } from './writer';

export interface CeilingChildInput {
  part: 'push' | 'pull';
  /** Push: claim a post's ops in one commit instead of one op per commit. */
  claimPerPost?: boolean;
  baseUrl: string;
  token: string;
  dataDir: string;
  /** The writer thread's bundle. */
  writerFile: string;
  posts: number;
  concurrency: number;
}

export interface CeilingChildResult {
  wallMs: number;
  /** CPU time of the process, both threads, over the timed part. */
  cpuMs: number;
  requests: number;
}

/** The main thread's end of the writer thread. */
class Writer {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, () => void>();
  #nextToken = 0;
  #closed: Promise<void>;

  constructor(file: string, dbFile: string) {
    this.#worker = new Worker(file, { workerData: { dbFile } satisfies WriterData });
    let closed!: () => void;
    this.#closed = new Promise<void>((resolve) => (closed = resolve));
    this.#worker.on('message', (reply: CoreWriterReply) => {
      if (reply.kind === 'closed') return closed();
      // The core writer's events would go on to the window; here nobody listens.
      if (reply.kind === 'events') return;
      for (const token of reply.tokens) {
        this.#waiting.get(token)?.();
        this.#waiting.delete(token);
      }
    });
    this.#worker.on('error', (error) => {
      process.send?.(failureMessage(error));
      process.exit(1);
    });
  }

  send(message: WriterMessage): void {
    this.#worker.postMessage(message);
  }

  /** Resolves once the ops are committed as `sending`. */
  claim(opIds: string[]): Promise<void> {
    const token = this.#nextToken++;
    return new Promise((resolve) => {
      this.#waiting.set(token, resolve);
      this.send({ kind: 'claim', opIds, token });
    });
  }

  async close(): Promise<void> {
    this.send({ kind: 'close' });
    await this.#closed;
    await this.#worker.terminate();
  }
}

interface QueuedOp {
  id: string;
  kind: string;
  post_id: string;
  title: string;
  platform: string | null;
  content: string | null;
}

/** The bare client's requests, answered as text (the writer parses them), counted. */
function textClient(input: CeilingChildInput) {
  const client = {
    requests: 0,
    async send(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<string> {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        Authorization: `Bearer ${input.token}`,
      };
      if (method !== 'GET') headers['Content-Type'] = 'application/json';
      client.requests++;
      const response = await fetch(`${input.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
      return text;
    },
  };
  return client;
}

async function runPush(input: CeilingChildInput): Promise<CeilingChildResult> {
  // The drafts and their outbox ops come from the real core, which then lets go of the file.
  const bench = await openBenchCore({ dataDir: input.dataDir, concurrency: input.concurrency });
  await connect(bench, input.baseUrl, input.token);
  await draftLocally(bench, 'acme', draftsFor(input.posts));
  await bench.core.close();
  const dbFile = join(input.dataDir, DATABASE_FILE);
  const reader = new Database(dbFile, { readonly: true });
  const ops = reader
    .prepare<[], QueuedOp>(
      `select o.id, o.kind, o.post_id, p.title, v.platform, v.content from outbox_op o
       join post p on p.id = o.post_id left join variant v on v.id = o.variant_id
       where o.state = 'pending' order by o.seq`,
    )
    .all();
  reader.close();
  const opsOfPost = new Map<string, QueuedOp[]>();
  for (const op of ops) opsOfPost.set(op.post_id, [...(opsOfPost.get(op.post_id) ?? []), op]);

  const writer = new Writer(input.writerFile, dbFile);
  // Answered once the writer has opened its connection: its start-up is not the push's time.
  await writer.claim([]);
  const client = textClient(input);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await bounded([...opsOfPost.values()], input.concurrency, async (postOps) => {
    if (input.claimPerPost) await writer.claim(postOps.map((op) => op.id));
    let serverPostId = '';
    for (const op of postOps) {
      if (!input.claimPerPost) await writer.claim([op.id]);
      if (op.kind === 'create_post') {
        const answer = await client.send('POST', '/api/workspaces/acme/posts/', { title: op.title });
        serverPostId = String((JSON.parse(answer) as { id: unknown }).id);
        writer.send({ kind: 'settle', opId: op.id, answer });
      } else {
        const answer = await client.send('POST', `/api/workspaces/acme/posts/${serverPostId}/variants/`, {
          platform: op.platform,
          content: op.content,
        });
        writer.send({ kind: 'settle', opId: op.id, answer });
      }
    }
  });
  await writer.close();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  // A writer that skipped work would look fast: every op must have been settled.
  const check = new Database(dbFile, { readonly: true });
  const open = check
    .prepare<[], { n: number }>(`select count(*) as n from outbox_op where state != 'done'`)
    .get();
  check.close();
  if (open?.n !== 0) throw new Error(`the writer left ${open?.n} of ${ops.length} ops unsettled`);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, requests: client.requests };
}

async function runPull(input: CeilingChildInput): Promise<CeilingChildResult> {
  // An empty database with the app's schema: the real core migrates it and lets go.
  const bench = await openBenchCore({ dataDir: input.dataDir });
  await bench.core.close();
  const writer = new Writer(input.writerFile, join(input.dataDir, DATABASE_FILE));
  await writer.claim([]); // as in the push: the writer's start-up is not the pull's time
  const client = textClient(input);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  // The requests of barePull (lib/bare-client.ts), each answer handed to the writer.
  const workspaces = JSON.parse(await client.send('GET', '/api/workspaces/')) as Array<{ slug: string }>;
  for (const { slug } of workspaces) {
    const ws = `/api/workspaces/${encodeURIComponent(slug)}/`;
    await client.send('GET', `${ws}social-profiles/?type=scheduling`);
    const ids: string[] = [];
    for (let offset = 0; ;) {
      const answer = await client.send('GET', `${ws}posts/?limit=100&offset=${offset}`);
      writer.send({ kind: 'posts', workspace: slug, answer });
      const page = JSON.parse(answer) as {
        results: Array<{ id: unknown }>;
        count: number;
        limit: number;
        offset: number;
      };
      for (const p of page.results) ids.push(String(p.id));
      if (page.offset + page.limit >= page.count || page.results.length === 0) break;
      offset = page.offset + page.limit;
    }
    await bounded(ids, input.concurrency, async (id) => {
      const answer = await client.send('GET', `${ws}posts/${id}/variants/`);
      writer.send({ kind: 'variants', serverPostId: id, answer });
    });
    for (let offset = 0; ;) {
      const page = JSON.parse(
        await client.send('GET', `${ws}skills/?limit=200&offset=${offset}`),
      ) as unknown[];
      if (page.length < 200) break;
      offset += page.length;
    }
  }
  await writer.close();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, requests: client.requests };
}

const input = JSON.parse(process.env.BENCH_CEILING_INPUT ?? '{}') as CeilingChildInput;
applyV8MemorySettings();
await answerParent(() => (input.part === 'push' ? runPush(input) : runPull(input)));
