import Database from 'better-sqlite3';
import { openBenchCore } from './lib/outpost-core';
const probe = new Database(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
const stats = new Map<string, { n: number; ms: number }>();
for (const m of ['all', 'run', 'get', 'iterate']) {
  const orig = proto[m] as (...a: unknown[]) => unknown;
  proto[m] = function (this: { source: string }, ...args: unknown[]) {
    const t = performance.now();
    try {
      return orig.apply(this, args);
    } finally {
      const k = this.source.slice(0, 140);
      const s = stats.get(k) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += performance.now() - t;
      stats.set(k, s);
    }
  };
}
const bench = await openBenchCore({ dataDir: process.argv[2]! });
const list = await bench.call<Array<{ id: string }>>('posts.list', { workspace: 'acme' });
const ids: string[] = [];
for (let i = 0; i < 30; i++) {
  const d = await bench.call<{ variants: Array<{ id: string; state: string }> }>('posts.get', {
    id: list[i * 97 + 5]!.id,
  });
  const v = d.variants.find((x) => x.state !== 'published');
  if (v) ids.push(v.id);
}
stats.clear();
const times: number[] = [];
for (const [i, id] of ids.entries()) {
  const t = performance.now();
  await bench.call('variants.update', { id, content: 'edit x ' + i });
  times.push(performance.now() - t);
  await new Promise((r) => setTimeout(r, 5));
}
console.log(times.map((x) => x.toFixed(1)).join(' '));
[...stats.entries()]
  .sort((a, b) => b[1].ms - a[1].ms)
  .slice(0, 12)
  .forEach(([k, v]) =>
    console.log(v.ms.toFixed(1).padStart(8), String(v.n).padStart(6), k.replace(/\s+/g, ' ')),
  );
await bench.core.close();
