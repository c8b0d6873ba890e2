// Byte-for-byte search for the access token (and its secret part alone) in everything Outpost
// writes or hands out: database files, logs, child-process output, bridge events, invoke results.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export class LeakProbe {
  readonly #needles: Buffer[];
  readonly found: string[] = [];
  /** How many sources were scanned, so a report can show the scan happened at all. */
  scanned = 0;
  bytes = 0;

  constructor(tokens: string | string[]) {
    const needles: string[] = [];
    for (const token of Array.isArray(tokens) ? tokens : [tokens]) {
      needles.push(token);
      const i = token.indexOf('_pat_');
      // The secret part alone is what a careless "redaction" of the prefix would leave behind.
      if (i >= 0 && token.length - i - 5 >= 8) needles.push(token.slice(i + 5));
    }
    this.#needles = needles.map((n) => Buffer.from(n, 'utf8'));
  }

  get leaks(): number {
    return this.found.length;
  }

  check(source: string, data: unknown): void {
    let buffer: Buffer;
    if (Buffer.isBuffer(data)) buffer = data;
    else if (typeof data === 'string') buffer = Buffer.from(data, 'utf8');
    else buffer = Buffer.from(safeStringify(data), 'utf8');
    this.scanned += 1;
    this.bytes += buffer.length;
    if (this.#needles.some((needle) => buffer.includes(needle))) this.found.push(source);
  }

  /** Every file under `dir` (the SQLite file with -wal/-shm, logs, anything else). */
  checkTree(dir: string): string[] {
    const files = listFiles(dir);
    for (const file of files) this.check(file, readFileSync(file));
    return files;
  }
}

export function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) out.push(...listFiles(path));
    else if (stat.isFile()) out.push(path);
  }
  return out;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
