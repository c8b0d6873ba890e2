// The file size rows: the bytes per post of Outpost's database after a first pull, beside the
// service's own database for the same posts. Pure, tested in test/unit/bench.
import type { LoadSample } from './load';
import type { Row } from './report';
import type { StoredObject } from './db-bytes';

/** The local file may be at most this many times the service's own for the same posts. */
export const FILE_SIZE_GOAL_RATIO = 2;

export interface FileSizeFigures {
  posts: number;
  variantsPerPost: number;
  outpostBytes: number;
  serviceBytes: number;
  /** The largest tables and indexes of Outpost's file (dbstat). */
  outpostObjects: readonly StoredObject[];
}

const count = (n: number): string => Math.round(n).toLocaleString('en-US');
const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The largest objects of a file, as "variant 5.5 MB (5.1 in rows)". */
export function largestText(objects: readonly StoredObject[], shown = 5): string {
  return objects
    .slice(0, shown)
    .map((o) => `${o.name} ${megabytes(o.bytes)} (${megabytes(o.payload)} in rows)`)
    .join(', ');
}

export function fileSizeRow(r: FileSizeFigures, load: LoadSample): Row {
  const ratio = r.outpostBytes / r.serviceBytes;
  return {
    name: `File size: bytes per post (${count(r.posts)} posts)`,
    goal: `<= ${FILE_SIZE_GOAL_RATIO}x the service's`,
    figure: `Outpost ${count(r.outpostBytes / r.posts)} B (${megabytes(r.outpostBytes)}), service ${count(r.serviceBytes / r.posts)} B (${megabytes(r.serviceBytes)}): ${ratio.toFixed(2)}x`,
    met: ratio <= FILE_SIZE_GOAL_RATIO,
    note: `${count(r.posts)} posts with ${r.variantsPerPost} short variants each (about 90 characters): the sandbox's database file as seeded, and Outpost's (with its log) after a first pull of it and the core closed, both as they lie on disk. Largest in Outpost's file (dbstat): ${largestText(r.outpostObjects)}. Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`,
  };
}
