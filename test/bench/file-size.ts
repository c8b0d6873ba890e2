// The size of the local file against the service's own for the same posts: the sandbox's
// database is seeded with `posts` posts of two short variants each, Outpost pulls all of it
// into an empty data folder, and both files are measured as they lie on disk once closed, with
// SQLite's dbstat table of where the bytes go.
// Run: `npx tsx test/bench/file-size.ts` (prints JSON; BENCH_FILE_SIZES=10000,50000 by default).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sqliteFileBytes, whereBytesGo, type StoredObject } from './lib/db-bytes';
import type { FileSizeFigures } from './lib/file-size-row';
import { connect, openBenchCore } from './lib/outpost-core';
import { startSandboxProcess } from './lib/sandbox-process';
import { seedSandboxFile } from './lib/seed';

export interface FileSizeResult extends FileSizeFigures {
  serviceObjects: StoredObject[];
  pullMs: number;
}

const VARIANTS_PER_POST = 2;

export async function benchFileSize(posts: number): Promise<FileSizeResult> {
  const work = await mkdtemp(join(tmpdir(), 'outpost-bench-file-size-'));
  try {
    const seed = seedSandboxFile(join(work, 'service.db'), { posts, variantsPerPost: VARIANTS_PER_POST });
    const sandbox = await startSandboxProcess(seed.file);
    const dataDir = join(work, 'outpost');
    let pullMs: number;
    try {
      const bench = await openBenchCore({ dataDir, recordRequests: false });
      const t0 = performance.now();
      await connect(bench, sandbox.baseUrl, sandbox.token);
      pullMs = performance.now() - t0;
      await bench.core.close();
    } finally {
      await sandbox.close();
    }
    const outpostFile = join(dataDir, 'outpost.db');
    return {
      posts,
      variantsPerPost: VARIANTS_PER_POST,
      outpostBytes: sqliteFileBytes(outpostFile),
      serviceBytes: sqliteFileBytes(seed.file),
      outpostObjects: whereBytesGo(outpostFile),
      serviceObjects: whereBytesGo(seed.file),
      pullMs,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = (process.env.BENCH_FILE_SIZES ?? '10000,50000').split(',').map(Number);
  const results: FileSizeResult[] = [];
  for (const posts of sizes) results.push(await benchFileSize(posts));
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
}
