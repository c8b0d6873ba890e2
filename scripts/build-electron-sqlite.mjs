// Builds a second better-sqlite3 binary for Electron's ABI, beside the Node one that
// `npm install` already built. Tests, the CLI and the browser host load the Node build;
// the desktop app (src-main/index.ts) loads this one through better-sqlite3's
// `nativeBinding` option, so no rebuild is ever needed between `npm test` and `npm start`.
//
// Where Electron's headers or prebuilt binaries cannot be downloaded, this prints one line
// and exits 0: `npm install` must succeed on such a machine, and everything but the
// Electron window still works there.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

export function electronBindingPath(electronVersion, platform = process.platform, arch = process.arch) {
  return join(root, 'native', `electron-v${electronVersion}-${platform}-${arch}`, 'better_sqlite3.node');
}

function main() {
  let electronVersion;
  let sqliteDir;
  try {
    electronVersion = require('electron/package.json').version;
    sqliteDir = dirname(require.resolve('better-sqlite3/package.json'));
  } catch {
    return; // production install without devDependencies: nothing to build for
  }
  const target = electronBindingPath(electronVersion);
  if (existsSync(target)) return;

  // Build in a scratch copy so the Node binary in node_modules is never overwritten.
  const scratch = mkdtempSync(join(tmpdir(), 'outpost-electron-sqlite-'));
  try {
    cpSync(sqliteDir, scratch, {
      recursive: true,
      filter: (src) => !src.startsWith(join(sqliteDir, 'build')),
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
    const bin = (name) => join(root, 'node_modules', '.bin', name);
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
      if (built.status !== 0) throw new Error('build failed');
    }
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(scratch, 'build', 'Release', 'better_sqlite3.node'), target);
    console.log(`outpost: built better-sqlite3 for Electron ${electronVersion} (${target})`);
  } catch {
    console.log(
      `outpost: Electron ${electronVersion} headers could not be downloaded, so the desktop app (npm start) is unavailable here; tests, the CLI and the browser host (npm run start:browser) work.`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
