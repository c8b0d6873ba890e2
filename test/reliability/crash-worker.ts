// The child process of the crash run: opens the core on the given data dir, connects once, then
// drafts, edits, publishes and syncs in a loop until the parent SIGKILLs it. Every command is
// journaled on stdout before (TRY) and after (ACK/NACK) it, so the parent knows what was asked.
// Run as: node --import tsx test/reliability/crash-worker.ts (settings come from the environment).
import { createAppCore } from '../../src-main/core/app/create-app-core';
import type { Logger } from '../../src-main/core/ports';
import { openSecretStore } from '../../src-main/core/secrets/open-secret-store';
import { Workload } from './support/workload';
import { createRng } from './support/random';

function need(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`crash worker: ${name} is not set`);
  return value;
}

function line(text: string): void {
  // Pipes are written synchronously on Linux: a line printed before a kill reaches the parent.
  process.stdout.write(`${text}\n`);
}

const logger: Logger = {
  info: (m, f) => process.stderr.write(`info ${m} ${f ? JSON.stringify(f) : ''}\n`),
  warn: (m, f) => process.stderr.write(`warn ${m} ${f ? JSON.stringify(f) : ''}\n`),
  error: (m, f) => process.stderr.write(`error ${m} ${f ? JSON.stringify(f) : ''}\n`),
};

async function main(): Promise<void> {
  const dataDir = need('REL_DATA_DIR');
  const baseUrl = need('REL_BASE_URL');
  const workspace = need('REL_WORKSPACE');
  const run = Number(need('REL_RUN'));
  const seed = Number(need('REL_SEED'));
  const drafts = Number(process.env.REL_DRAFTS ?? 3);
  const publishTried = new Set((process.env.REL_PUBLISH_TRIED ?? '').split(',').filter(Boolean));

  // OUTPOST_TOKEN is in the environment: the store is the environment one, never persisted.
  const { store, message } = await openSecretStore(process.env, logger);
  const core = await createAppCore({
    dataDir,
    secrets: store,
    secretsMessage: message,
    host: 'cli',
    version: 'crash-worker',
    logger,
    syncIntervalMs: false,
    syncAfterChangeMs: false,
  });
  line('OPENED');
  const settings = await core.invoke('settings.get', undefined);
  if (!settings.ok) throw new Error(`settings.get: ${settings.error.message}`);
  const view = settings.value;
  if (!view.connected || view.currentWorkspace !== workspace) {
    const connected = await core.invoke('settings.connect', {
      baseUrl,
      token: need('OUTPOST_TOKEN'),
      authHeader: 'bearer',
    });
    if (!connected.ok) throw new Error(`settings.connect: ${connected.error.message}`);
    const selected = await core.invoke('workspaces.select', { slug: workspace });
    if (!selected.ok) throw new Error(`workspaces.select: ${selected.error.message}`);
  }

  const rng = createRng(seed * 1000 + run);
  const work = new Workload({
    core,
    rng,
    workspace,
    prefix: `C${run}`,
    journal: (phase, ev) => line(`${phase.toUpperCase()} ${JSON.stringify(ev)}`),
    now: () => new Date(),
  });
  await work.learnFromCore();
  // A publish asked in an earlier life is never asked again: the user clicked once.
  for (const v of work.variants) if (publishTried.has(v.tag)) v.publishAsked = true;
  line('READY');

  let created = 0;
  for (;;) {
    const roll = rng.next();
    if (roll < 0.3 && created < drafts) {
      created += 1;
      await work.createDraft();
    } else if (roll < 0.6) {
      await work.randomOp();
    } else {
      const status = await core.syncNow('user');
      line(`SYNCED ${status.phase} pending ${status.pending}`);
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `crash worker failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
