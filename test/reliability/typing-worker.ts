// The child of the typing crash run: opens the core on the given data folder with the real
// clock and timers, starts a post, and types its text as a person would until the parent
// SIGKILLs it: bursts of keys, one every 40-180 ms, each burst followed by a rest longer than
// the pause that keeps a version, and saves timed as the window's editor times them
// (src-preload/typing.ts).
// It journals on stdout, each line written before the next thing happens:
//   VARIANT <id>             the variant this life types into
//   TYPED <keys> <ms>        the text is the script's first <keys> keys since <ms>
//   VERSION <json>           a version the core has committed: { version, content }
// Run as: node --import tsx test/reliability/typing-worker.ts (settings from the environment).
import { createAppCore } from '../../src-main/core/app/create-app-core';
import { MemorySecretStore } from '../../src-main/core/secrets/memory-store';
import { saveDelay, VERSION_PAUSE_MS } from '@preload/typing';
import { createRng } from './support/random';
import { typedText, typingScript } from './support/typing-script';

function need(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`typing worker: ${name} is not set`);
  return value;
}

function line(text: string): void {
  // Pipes are written synchronously on Linux: a line printed before a kill reaches the parent.
  process.stdout.write(`${text}\n`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const seed = Number(need('REL_SEED'));
  const run = Number(need('REL_RUN'));
  const core = await createAppCore({
    dataDir: need('REL_DATA_DIR'),
    secrets: new MemorySecretStore(),
    host: 'cli',
    version: 'typing-worker',
    syncIntervalMs: false,
    syncAfterChangeMs: false,
  });
  const call = async <T>(
    result: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
  ) => {
    const r = await result;
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  const post = await call(core.invoke('posts.create', { workspace: null, title: `Typed in life ${run}` }));
  const variant = await call(
    core.invoke('variants.create', {
      postId: post.id,
      platform: 'x',
      content: '',
      account: { kind: 'none' },
    }),
  );
  line(`VARIANT ${variant.id}`);
  // Every version the core commits is read back and journaled: the parent checks each survives.
  core.subscribe((event) => {
    if (event.name !== 'versionSaved' || event.data.variantId !== variant.id) return;
    void core.invoke('history.list', { variantId: variant.id }).then((r) => {
      if (r.ok && r.value[0])
        line(`VERSION ${JSON.stringify({ version: r.value[0].version, content: r.value[0].content })}`);
    });
  });
  line('READY');

  const script = typingScript(seed * 1000 + run);
  const rng = createRng(seed * 7919 + run);
  let typed = 0;
  // The editor's save: one at a time, the newest text, at the pause or the latest by the deadline.
  let unsavedSince: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let saving: Promise<void> = Promise.resolve();
  const save = (): void => {
    timer = null;
    unsavedSince = null;
    const text = typedText(script, typed);
    saving = saving.then(async () => {
      await call(core.invoke('variants.update', { id: variant.id, content: text }));
    });
  };
  // Bursts of 20-60 keys, a key every 40-180 ms, each followed by a rest long enough for a version.
  let burst = rng.int(20, 60);
  for (; typed < script.length;) {
    typed += 1;
    const now = Date.now();
    line(`TYPED ${typed} ${now}`);
    unsavedSince ??= now;
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, saveDelay(now, unsavedSince));
    burst -= 1;
    const rest = burst === 0;
    if (rest) burst = rng.int(20, 60);
    await sleep(rest ? rng.int(VERSION_PAUSE_MS + 300, VERSION_PAUSE_MS + 1500) : rng.int(40, 180));
  }
  await saving;
  line('DONE');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `typing worker failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
