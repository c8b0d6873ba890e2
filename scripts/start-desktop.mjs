// `npm start` (after the build): starts the desktop app with Electron's runtime. Where that
// runtime is missing (it could not be downloaded at install time), says so in one line, names
// the browser host, and exits non-zero. It never triggers a download itself: requiring the
// `electron` package would, so its files are read directly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the Electron binary should be, or the reason there is none. */
function locateElectron(electronDir) {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const name = process.platform === 'win32' ? 'electron.exe' : 'electron';
    return { binary: join(process.env.ELECTRON_OVERRIDE_DIST_PATH, name) };
  }
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return { binary: null, reason: 'its binary was never downloaded' };
  return { binary: join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()) };
}

/** The Electron binary's path, or null with the reason it cannot run here. */
export function findElectronRuntime(electronDir = join(root, 'node_modules', 'electron')) {
  const { binary, reason } = locateElectron(electronDir);
  if (!binary) return { binary: null, reason };
  if (!existsSync(binary)) return { binary: null, reason: `${binary} is missing` };
  // A binary that cannot start (missing system libraries) is as good as none.
  const probe = spawnSync(binary, ['--version'], {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: 'ignore',
    timeout: 20_000,
  });
  if (probe.status !== 0) return { binary: null, reason: 'its binary does not run on this machine' };
  return { binary };
}

function main() {
  const runtime = findElectronRuntime();
  if (!runtime.binary) {
    console.log(
      `outpost: the Electron runtime is unavailable here (${runtime.reason}); run \`npm run start:browser\` to use Outpost in a browser instead.`,
    );
    process.exit(1);
  }
  const child = spawn(runtime.binary, [root, ...process.argv.slice(2)], {
    stdio: 'inherit',
    windowsHide: false,
  });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
