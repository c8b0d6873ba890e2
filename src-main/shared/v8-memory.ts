// V8 settings for Outpost's Node processes (browser host, CLI; the desktop main process can
// call the same function first thing). A first pull of 10,000 posts allocates a lot of
// short-lived garbage; with V8's default heap growing V8 let the old generation grow to ~4x
// the ~30 MB that is live, and the core sat at ~220 MB resident. A growing factor of 2
// (heap-growing-percent=100) keeps it near 165 MB for no measurable CPU time (a major GC of
// 30 MB live takes ~5 ms). Measured with test/bench/trial.ts; see the README's Benchmarks.
// The flag is read each time V8 sizes the heap, so setting it at run time takes effect.
import { setFlagsFromString } from 'node:v8';

export const V8_MEMORY_FLAGS: readonly string[] = ['--heap-growing-percent=100'];

export function applyV8MemorySettings(): void {
  for (const flag of V8_MEMORY_FLAGS) setFlagsFromString(flag);
}
