// `npm run package`: the installers, with electron-builder. electron-builder rebuilds the native
// modules (better-sqlite3, keytar) for Electron's ABI where they lie, in this checkout's own
// node_modules (there is one package.json), which would leave the tests, the CLI and the browser
// host unable to load them. So afterwards, whatever happened, the Node builds are put back.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shell = process.platform === 'win32';
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', shell }).status ?? 1;

const built = run('npm', ['run', 'build']);
if (built !== 0) process.exit(built);
const packaged = run(join(root, 'node_modules', '.bin', 'electron-builder'), process.argv.slice(2));
console.log('package: restoring the Node builds of better-sqlite3 and keytar');
const restored = run('npm', ['rebuild', 'better-sqlite3', 'keytar']);
process.exit(packaged !== 0 ? packaged : restored);
