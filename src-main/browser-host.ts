// The browser host as a program: `npm run start:browser -- --port N --data-dir DIR` serves the
// built renderer and the bridge on 127.0.0.1 with the real core, and prints one line:
// `OUTPOST url=http://127.0.0.1:PORT/?code=CODE` (a one-time code: see browser-host/auth.ts).
// Its parts, in browser-host/: auth.ts (the credentials and how a page comes to hold one),
// guard.ts (what a request must be, the server's limits), routes.ts (what each path answers) and
// lifecycle.ts (start, close, and the program: its arguments, its line, its signals).
import { main } from './browser-host/lifecycle';
import { isEntryPoint } from './shared/entry-point';
import { applyV8MemorySettings } from './shared/v8-memory';

if (isEntryPoint(import.meta.url)) {
  // Only as a program: a test importing this module keeps its own V8 settings.
  applyV8MemorySettings();
  void main(process.argv.slice(2));
}
