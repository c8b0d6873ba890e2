// Opens the app's core on a data folder as another user would (the read-only test runs it under
// an account that may not write there), tries to read, to write and to export, and prints what it met as
// one line of JSON. Argument: the data folder.
import { createAppCore } from '../../../src-main/core/app/create-app-core';
import { MemorySecretStore } from '../../../src-main/core/secrets/memory-store';

async function main(dataDir: string): Promise<void> {
  const core = await createAppCore({
    dataDir,
    secrets: new MemorySecretStore(),
    host: 'cli',
    version: 'folder-worker',
    syncIntervalMs: false,
    syncAfterChangeMs: false,
  });
  const status = await core.invoke('data.status', undefined);
  const list = await core.invoke('posts.list', { workspace: null });
  const create = await core.invoke('posts.create', { workspace: null, title: 'Typed in a read-only folder' });
  // The one command meant to take the data elsewhere only reads it.
  const exported = await core.invoke('data.export', undefined);
  // A copy needs the folder: refused as a folder that cannot be written, not for want of room.
  const backup = await core.invoke('data.backup', undefined);
  await core.close(1_000);
  process.stdout.write(
    `${JSON.stringify({
      problem: status.ok ? status.value.problem : null,
      titles: list.ok ? list.value.map((p) => p.title) : null,
      create: create.ok ? 'saved' : create.error,
      exported: exported.ok
        ? (JSON.parse(exported.value.document) as { posts: Array<{ title: string }> }).posts.map(
            (p) => p.title,
          )
        : exported.error,
      backup: backup.ok ? 'made' : backup.error,
    })}\n`,
  );
}

void main(process.argv[2] ?? '').then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
