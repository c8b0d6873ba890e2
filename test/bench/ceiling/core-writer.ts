// The writer thread of the ceiling with the core's own push work (see ../ceiling.ts): where
// writer.ts runs only the statements a push runs, this one runs the core's code on its own
// connection, as a real writer thread would: the op store's claim and settle (state machine,
// compare-and-set, Kysely, the commit group), the runners' request building and the records of
// their answers, the decision log with its log file, and the events, sent to the main thread a
// turn's worth at a time. The main thread still only sends and reads (ceiling/child.ts). Push
// only: the pull's merge stays as writer.ts has it.
import { parentPort, workerData } from 'node:worker_threads';
import { dirname } from 'node:path';
import type { BridgeEvent } from '@preload/bridge';
import { parsePost, parseVariant } from '../../../src-main/core/api/schemas';
import { createFileLogger, Redactor } from '../../../src-main/core/app/connection/file-logger';
import { claim, settle, type Settlement } from '../../../src-main/core/outbox/op-store';
import { listOpenOps } from '../../../src-main/core/outbox/op-queries';
import { linkPost } from '../../../src-main/core/outbox/runners/create-post';
import { RUNNERS } from '../../../src-main/core/outbox/runners/index';
import { readOpRows, recordVariantAnswer, type OpRows } from '../../../src-main/core/outbox/runners/runner';
import { CommitGroup } from '../../../src-main/core/store/commit-group';
import { openDatabase } from '../../../src-main/core/store/db';
import type { OutboxOpRow } from '../../../src-main/core/store/schema';
import { inTransaction, type SyncContext } from '../../../src-main/core/store/unit-of-work';
import type { WriterData, WriterMessage, WriterReply } from './writer';

/** Besides writer.ts's replies: the core's events, a turn's worth per message. */
export type CoreWriterReply = WriterReply | { kind: 'events'; events: BridgeEvent[] };

const port = parentPort;
if (port === null) throw new Error('core-writer.ts runs as a worker thread');
const { dbFile } = workerData as WriterData;
const reply = (message: CoreWriterReply): void => port.postMessage(message);

const opened = await openDatabase({ file: dbFile });
const redactor = new Redactor();
const logger = createFileLogger(dirname(dbFile), redactor, () => new Date());
const events: BridgeEvent[] = [];
const ctx: SyncContext = {
  db: opened.db,
  clock: { now: () => new Date() },
  logger,
  emit: (event) => {
    if (events.length === 0) setImmediate(() => reply({ kind: 'events', events: events.splice(0) }));
    events.push(event);
  },
  concurrency: 4,
  random: Math.random,
  redact: redactor.cleaner,
  commits: new CommitGroup(opened.db),
};

// The ops as the queue lists them when a pass begins (one query), and each op's rows as read
// when it was claimed, which its answer is recorded against.
const listed = new Map((await listOpenOps(ctx.db)).map((op) => [op.id, op]));
const claimed = new Map<string, OpRows>();

/** A post's ops claimed in one transaction, each request built from its rows as the queue does. */
async function claimOps(opIds: string[]): Promise<void> {
  await inTransaction(ctx, async (t) => {
    for (const id of opIds) {
      const op = listed.get(id) as OutboxOpRow;
      let rows: OpRows | null = null;
      const built = await claim(
        t,
        op,
        async (db, current) => (rows = await readOpRows(db, current)),
        // Claimed with its post, a variant's create is built before the post has its server id:
        // its body does not need it, only its path does, which the main thread has by then.
        (r) => RUNNERS[r.op.kind].build(r, t),
      );
      if (!('request' in built) || rows === null) throw new Error(`op ${id} built no request`);
      claimed.set(id, rows);
    }
  });
}

/** An answer's settlement as the create runners make it (runners/create-*.ts). */
function settlementOf(rows: OpRows, answer: string): Settlement {
  const json: unknown = JSON.parse(answer);
  if (rows.op.kind === 'create_post') {
    const created = parsePost(json);
    return {
      event: { type: 'answered', reason: `The service created the post, as post ${created.id}.` },
      action: 'create_post',
      record: linkPost(rows, created, null),
    };
  }
  const created = parseVariant(json);
  return {
    event: { type: 'answered', reason: `The service created the variant, as variant ${created.id}.` },
    action: 'create_variant',
    record: recordVariantAnswer(rows, created),
  };
}

async function settleOp(opId: string, answer: string): Promise<void> {
  const rows = claimed.get(opId);
  if (rows === undefined) throw new Error(`op ${opId} was not claimed`);
  await settle(ctx, { ...rows.op, state: 'sending' }, settlementOf(rows, answer));
}

// Messages run as they come, like the queue's lanes: writes due in the same turn share a commit.
const running = new Set<Promise<void>>();
const track = (work: Promise<void>): void => {
  running.add(work);
  // A failed write fails the run: the worker's error reaches the main thread.
  void work.then(
    () => running.delete(work),
    (error: unknown) =>
      setImmediate(() => {
        throw error;
      }),
  );
};

port.on('message', (m: WriterMessage) => {
  if (m.kind === 'claim')
    track(
      claimOps(m.opIds).then(() => {
        if (m.token !== null) reply({ kind: 'committed', tokens: [m.token] });
      }),
    );
  else if (m.kind === 'settle') track(settleOp(m.opId, m.answer));
  else if (m.kind === 'close')
    void Promise.all(running).then(async () => {
      await opened.close();
      logger.close();
      reply({ kind: 'closed' });
    });
  else throw new Error(`core-writer.ts does not take ${m.kind} messages (push only)`);
});
