// Keystrokes as the user feels them while a large workspace syncs: for each library size, the
// sandbox is seeded once, and each host in turn (the browser host, then the desktop app's path
// without Electron) gets an empty data folder, connects to a fresh copy of that service, and a
// window types in a new draft while the first pull runs, each keystroke saved at once and timed
// from send to answer; the host's main thread's event-loop delay is measured over the same pull.
// See keystrokes-browser-child.ts and keystrokes-desktop-child.ts for what each path holds.
// Run alone: `npm run build && npx tsx test/bench/keystrokes.ts` (prints JSON;
// BENCH_KEYSTROKE_SIZES=10000,50000 by default), or `BENCH_ONLY=keystrokes npm run bench`.
import { copyFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KeystrokesChildInput, KeystrokesChildResult } from './keystrokes-browser-child';
import type { DesktopChildInput, DesktopChildResult } from './keystrokes-desktop-child';
import { bundleEntry } from './lib/bundle';
import { runChild } from './lib/fork';
import type { KeystrokeHost, KeystrokeRun } from './lib/keystroke-rows';
import { loadNow } from './lib/load';
import { ms } from './lib/report';
import { startSandboxProcess } from './lib/sandbox-process';
import { seedSandboxFile } from './lib/seed';
import { summarize } from './lib/stats';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HERE = fileURLToPath(new URL('./', import.meta.url));
const VARIANTS_PER_POST = 2;
const WORKSPACE = 'acme';

export interface KeystrokesOptions {
  sizes: readonly number[];
  /** From one keystroke's send to the next's. */
  intervalMs?: number;
  hosts?: readonly KeystrokeHost[];
  /** Node/V8 flags for the measured Outpost process (the browser host; the desktop stand-in). */
  nodeFlags?: readonly string[];
}

async function bundles(): Promise<{ browser: string; desktop: string; renderer: string; probe: string }> {
  return {
    browser: await bundleEntry(join(HERE, 'keystrokes-browser-child.ts')),
    desktop: await bundleEntry(join(HERE, 'keystrokes-desktop-child.ts')),
    renderer: await bundleEntry(join(HERE, 'keystrokes-renderer.ts')),
    probe: await bundleEntry(join(HERE, 'lib', 'loop-delay-probe.ts')),
  };
}

export async function benchKeystrokes(
  options: KeystrokesOptions,
  log: (message: string) => void = () => {},
): Promise<KeystrokeRun[]> {
  const files = await bundles();
  const intervalMs = options.intervalMs ?? 30;
  const hosts = options.hosts ?? ['browser', 'desktop'];
  const work = await mkdtemp(join(tmpdir(), 'outpost-bench-keystrokes-'));
  const runs: KeystrokeRun[] = [];
  try {
    for (const posts of options.sizes) {
      log(`keystrokes: seeding ${posts} posts x ${VARIANTS_PER_POST} variants`);
      const seeded = seedSandboxFile(join(work, `service-${posts}.db`), {
        posts,
        variantsPerPost: VARIANTS_PER_POST,
      });
      for (const host of hosts) {
        // A fresh copy each time: the first run's draft reaches the service.
        const serviceFile = join(work, `service-${posts}-${host}.db`);
        copyFileSync(seeded.file, serviceFile);
        const sandbox = await startSandboxProcess(serviceFile);
        const dataDir = join(work, `${host}-${posts}`);
        const load = loadNow();
        try {
          const common = { baseUrl: sandbox.baseUrl, token: sandbox.token, workspace: WORKSPACE, intervalMs };
          const result =
            host === 'browser'
              ? await runChild<KeystrokesChildResult>(
                  files.browser,
                  {
                    BENCH_KEYSTROKES_INPUT: JSON.stringify({
                      ...common,
                      dataDir,
                      hostScript: join(ROOT, 'out', 'main', 'browser-host.js'),
                      probeFile: files.probe,
                      nodeFlags: options.nodeFlags ?? [],
                      cwd: ROOT,
                    } satisfies KeystrokesChildInput),
                  },
                  // undici's EventSource (the page's event stream, in Node) says it is experimental.
                  ['--disable-warning=UNDICI-ES'],
                )
              : await runChild<DesktopChildResult>(
                  files.desktop,
                  {
                    BENCH_KEYSTROKES_INPUT: JSON.stringify({
                      ...common,
                      dataDir,
                      rendererFile: files.renderer,
                    } satisfies DesktopChildInput),
                  },
                  [...(options.nodeFlags ?? []), '--import', files.probe],
                );
          const serviceRequests = (await sandbox.stats()).requests;
          if (serviceRequests < posts)
            throw new Error(
              `keystrokes: the ${host} pull sent ${serviceRequests} requests for ${posts} posts`,
            );
          runs.push({ host, posts, load, ...result, serviceRequests });
          const keys = summarize(result.typing.roundTripMs);
          log(
            `keystrokes ${host} ${posts} (load ${load.load1m}): ${keys.n} over a ${ms(result.typing.pullMs)} pull, ${ms(keys.median)} / p99 ${ms(keys.p99)} / max ${ms(keys.max)}; loop delay p99 / max: main thread ${ms(result.loopDelays.main.p99Ms)} / ${ms(result.loopDelays.main.maxMs)}, core's thread ${ms(result.loopDelays.coreThread.p99Ms)} / ${ms(result.loopDelays.coreThread.maxMs)}`,
          );
        } finally {
          await sandbox.close();
          await rm(dataDir, { recursive: true, force: true });
          await rm(serviceFile, { force: true });
        }
      }
      await rm(seeded.file, { force: true });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return runs;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = (process.env.BENCH_KEYSTROKE_SIZES ?? '10000,50000').split(',').map(Number);
  const nodeFlags = (process.env.BENCH_OUTPOST_FLAGS ?? '').split(/\s+/).filter((f) => f !== '');
  const runs = await benchKeystrokes({ sizes, nodeFlags }, (m) => process.stderr.write(`${m}\n`));
  process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
}
