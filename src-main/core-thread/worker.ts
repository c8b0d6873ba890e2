// The core's thread: the entry a host starts as a worker (threaded-core.ts). Its first act is to
// start SQLite's quick check of the database on a thread of its own (early-check.ts), and only
// then to load the core's code (serve-core.ts): every start checks the file, about 0.2 s at
// 50,000 posts, and the core's code takes longer than that to load, so the two now overlap
// where they ran one after the other. Nothing else is imported before the check has started.
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import { startEarlyCheck } from './early-check';

// The other threads' scripts lie beside this one (the build's out/main, or a test's bundle).
const here = fileURLToPath(import.meta.url);
const beside = (name: string): string => join(dirname(here), `${name}${extname(here)}`);

const earlyCheck = startEarlyCheck(workerData, beside('check-worker'));
const { serveCore } = await import('./serve-core');
serveCore(beside('wire-worker'), earlyCheck);
