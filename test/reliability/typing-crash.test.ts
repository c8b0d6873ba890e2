// Typing crash run: a child process types through the core with the real timings (the
// editor's saves, the core's pause that keeps a version) and is SIGKILLed at a random moment,
// life after life on the same data folder. After each kill the database, reopened, must hold
// every version the child saw committed, and the text as it was typed at most one second
// before the kill: nothing more of it lost, nothing garbled.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src-main/core/paths';
import { FIGURES, SEED } from './support/config';
import { createAppCore } from '../../src-main/core/app/create-app-core';
import type { AppCore } from '../../src-main/core/ports';
import { MemorySecretStore } from '../../src-main/core/secrets/memory-store';
import { summaryLine, tempDir } from './support/harness';
import { createRng } from './support/random';
import { runChild, TYPING_WORKER, workerCommand } from './support/child';
import { typedText, typingScript } from './support/typing-script';

/** The most typing a kill may take: the text as of this long before it must be there. */
const AT_MOST_LOST_MS = 1_000;

interface Life {
  run: number;
  variantId: string | null;
  /** [keys typed, when], in order. */
  typed: Array<[number, number]>;
  versions: Array<{ version: number; content: string }>;
  killedAt: number | null;
  killed: boolean;
  stderr: string;
}

function readBack(file: string, variantId: string) {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const content = (
      db.prepare('select content from variant where id = ?').get(variantId) as { content: string } | undefined
    )?.content;
    const versions = db
      .prepare('select number, text from text_version where variant_id = ? order by number')
      .all(variantId) as Array<{ number: number; text: string }>;
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    return { content, versions, integrity };
  } finally {
    db.close();
  }
}

describe('typing crash run', () => {
  let core: AppCore | null = null;
  afterAll(async () => {
    await core?.close(0);
  });

  it('loses at most the last second of typing to a SIGKILL, and no version saved before it', async () => {
    const dataDir = tempDir('typing-crash');
    const file = join(dataDir, DATABASE_FILE);
    const worker = await workerCommand(TYPING_WORKER);
    const rng = createRng(SEED + 26);
    const lives: Life[] = [];
    const problems: string[] = [];
    let versionsChecked = 0;
    let worstLagMs = 0;
    /** Kills that came while keys were still unsaved, and the keys that had to be there. */
    let midTyping = 0;
    let keysChecked = 0;

    for (let run = 1; run <= FIGURES.typingKills; run++) {
      const life: Life = {
        run,
        variantId: null,
        typed: [],
        versions: [],
        killedAt: null,
        killed: false,
        stderr: '',
      };
      // Long enough for a rest or two (a version each), short enough to end mid-word.
      const delayMs = rng.int(1_500, 11_000);
      const ended = await runChild(
        worker.args,
        {
          ...process.env,
          ...worker.env,
          REL_DATA_DIR: dataDir,
          REL_SEED: String(SEED),
          REL_RUN: String(run),
        },
        'ready',
        delayMs,
        (text) => {
          const [kind, ...rest] = text.split(' ');
          if (kind === 'VARIANT') life.variantId = rest[0] ?? null;
          if (kind === 'TYPED') life.typed.push([Number(rest[0]), Number(rest[1])]);
          if (kind === 'VERSION') life.versions.push(JSON.parse(rest.join(' ')) as Life['versions'][number]);
        },
      );
      life.killed = ended.killed && ended.signal === 'SIGKILL';
      life.killedAt = ended.killedAt;
      life.stderr = ended.stderr.toString('utf8');
      lives.push(life);
      if (!life.killed || life.killedAt === null || life.variantId === null) {
        problems.push(
          `life ${run}: ended ${ended.code} ${ended.signal} before its kill: ${life.stderr.slice(-1000)}`,
        );
        continue;
      }

      const script = typingScript(SEED * 1000 + run);
      const back = readBack(file, life.variantId);
      if (back.integrity !== 'ok') problems.push(`life ${run}: integrity ${back.integrity}`);
      // Keys typed by a second before the kill: all of them must be in the saved text.
      const due =
        life.typed.filter(([, at]) => at <= (life.killedAt as number) - AT_MOST_LOST_MS).at(-1)?.[0] ?? 0;
      const keys = Array.from(back.content ?? '').length;
      if (back.content !== typedText(script, keys))
        problems.push(`life ${run}: the saved text is not what was typed: ${JSON.stringify(back.content)}`);
      if (keys < due) problems.push(`life ${run}: ${due} keys typed a second before the kill, ${keys} saved`);
      // How long before the kill the first key the saved text lacks was typed.
      const firstUnsaved = life.typed.find(([n]) => n === keys + 1)?.[1];
      if (firstUnsaved !== undefined) {
        midTyping += 1;
        worstLagMs = Math.max(worstLagMs, life.killedAt - firstUnsaved);
      }
      keysChecked += due;
      for (const seen of life.versions) {
        versionsChecked += 1;
        const kept = back.versions.find((v) => v.number === seen.version);
        if (kept?.text !== seen.content)
          problems.push(
            `life ${run}: version ${seen.version} seen committed, then ${kept ? 'changed' : 'lost'}`,
          );
      }
      // Every version kept is a text that was typed, in order.
      for (const v of back.versions)
        if (v.text !== typedText(script, Array.from(v.text).length))
          problems.push(`life ${run}: version ${v.number} holds text never typed`);
    }

    // The last life: the core opens the folder again and lists what the lives left.
    core = await createAppCore({
      dataDir,
      secrets: new MemorySecretStore(),
      host: 'cli',
      version: 'reliability',
      syncIntervalMs: false,
      syncAfterChangeMs: false,
    });
    for (const life of lives) {
      if (life.variantId === null) continue;
      const listed = await core.invoke('history.list', { variantId: life.variantId });
      if (!listed.ok) problems.push(`life ${life.run}: history.list: ${listed.error.message}`);
      else if (listed.value.length < life.versions.length)
        problems.push(
          `life ${life.run}: ${listed.value.length} versions listed, ${life.versions.length} seen`,
        );
    }

    const kills = lives.filter((l) => l.killed).length;
    console.log(
      `typing crash run: ${kills} SIGKILLs while typing, ${lives.reduce((n, l) => n + l.typed.length, 0)} keys, ` +
        `${midTyping} of them with keys not yet saved (the oldest ${worstLagMs} ms old), ${keysChecked} keys due and ` +
        `found saved, ${versionsChecked} versions seen committed and found again`,
    );
    console.log(
      summaryLine('typing crash run', {
        faultsInjected: 0,
        crashes: kills,
        duplicates: 0,
        lost: problems.length,
        doublePublishes: 0,
        leaks: 0,
      }),
    );
    if (problems.length > 0) console.log(problems.join('\n'));
    expect(problems).toEqual([]);
    expect(kills).toBe(FIGURES.typingKills);
    expect(versionsChecked).toBeGreaterThan(0);
    expect(keysChecked).toBeGreaterThan(0);
  });
});
