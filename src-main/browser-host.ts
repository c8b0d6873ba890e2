// The browser host: `npm run start:browser -- --port N --data-dir DIR` serves the built renderer
// and the bridge on 127.0.0.1 with the real core, and prints one line:
// `OUTPOST url=http://127.0.0.1:PORT/?code=CODE` (a one-time code: see browser-host/auth.ts).
// Its parts, in browser-host/: auth.ts (the credentials and how a page comes to hold one),
// guard.ts (what a request must be, the server's limits), routes.ts (what each path answers) and
// lifecycle.ts (start, close, and the program: its arguments, its line, its signals).
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { main } from './browser-host/lifecycle';
import { applyV8MemorySettings } from './v8-memory';

export {
  defaultRendererDir,
  parseBrowserHostArgs,
  startBrowserHost,
  tokenMatches,
} from './browser-host-server';
export type { BrowserHost, BrowserHostArgs, BrowserHostOptions } from './browser-host-server';

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // Only as a program: a test importing this module keeps its own V8 settings.
  applyV8MemorySettings();
  void main(process.argv.slice(2));
}
