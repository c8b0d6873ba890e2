// Builds a second copy of each native module (better-sqlite3, keytar) for Electron's ABI,
// beside the Node builds that `npm install` already made. Tests, the CLI and the browser host
// load the Node builds; the unpackaged desktop app (src-main/index.ts) loads these, through
// better-sqlite3's `nativeBinding` option and keytar's binary directly, so no rebuild is ever
// needed between `npm test` and `npm start`. (A packaged app gets Electron builds from
// electron-builder instead.)
//
// Where Electron's headers or prebuilt binaries cannot be downloaded, this prints one line
// and exits 0: `npm install` must succeed on such a machine, and everything but the
// Electron window still works there.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

/** The native modules, and the file name of each one's binary in build/Release. */
const MODULES = [
  { name: 'better-sqlite3', binary: 'better_sqlite3.node' },
  { name: 'keytar', binary: 'keytar.node' },
];

export function electronNativeDir(electronVersion, platform = process.platform, arch = process.arch) {
  return join(root, 'native', `electron-v${electronVersion}-${platform}-${arch}`);
}

function buildForElectron({ name, binary }, electronVersion, targetDir) {
  const target = join(targetDir, binary);
  if (existsSync(target)) return;
  const sourceDir = dirname(require.resolve(`${name}/package.json`));
  // Build in a scratch copy so the Node binary in node_modules is never overwritten.
  const scratch = mkdtempSync(join(tmpdir(), `outpost-electron-${name}-`));
  try {
    cpSync(sourceDir, scratch, {
      recursive: true,
      filter: (src) =>
        !src.startsWith(join(sourceDir, 'build')) && !src.startsWith(join(sourceDir, 'node_modules')),
    });
    // An npm `nodedir` setting points node-gyp at Node's own headers; building against those
    // would yield a binary for Node's ABI under Electron's name. Electron's headers only.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => key.toLowerCase() !== 'npm_config_nodedir'),
    );
    const common = {
      cwd: scratch,
      env,
      stdio: 'ignore',
      timeout: 300_000,
      shell: process.platform === 'win32',
    };
    const bin = (tool) => join(root, 'node_modules', '.bin', tool);
    const prebuilt = spawnSync(
      bin('prebuild-install'),
      ['--runtime', 'electron', '--target', electronVersion],
      common,
    );
    if (prebuilt.status !== 0) {
      const built = spawnSync(
        bin('node-gyp'),
        [
          'rebuild',
          '--release',
          `--target=${electronVersion}`,
          '--runtime=electron',
          '--dist-url=https://electronjs.org/headers',
        ],
        common,
      );
      if (built.status !== 0) throw new Error(`${name}: build failed`);
    }
    mkdirSync(targetDir, { recursive: true });
    copyFileSync(join(scratch, 'build', 'Release', binary), target);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function main() {
  let electronVersion;
  try {
    electronVersion = require('electron/package.json').version;
  } catch {
    return; // production install without devDependencies: nothing to build for
  }
  const targetDir = electronNativeDir(electronVersion);
  try {
    for (const module of MODULES) buildForElectron(module, electronVersion, targetDir);
    console.log(`outpost: native modules built for Electron ${electronVersion} in ${targetDir}`);
  } catch {
    console.log(
      `outpost: Electron ${electronVersion} headers could not be downloaded, so the desktop app (npm start) is unavailable here; tests, the CLI and the browser host (npm run start:browser) work.`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
