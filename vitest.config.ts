import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// One runner for every layer. `npm test` runs all projects; the reliability project runs its
// files one at a time because each measures memory, handles and crashes of its own.
// Every project takes the root's `resolve`: `@preload` is src-preload/, as in the build
// (electron.vite.config.ts) and the tsconfig files.
export default defineConfig({
  resolve: { alias: { '@preload': resolve(import.meta.dirname, 'src-preload') } },
  test: {
    tags: [
      {
        name: 'dates',
        description:
          'Reads the test’s day (the calendar’s week and month, "tomorrow"): `npm run test:dates` runs it again on the days that break date code.',
      },
    ],
    projects: [
      {
        extends: true,
        plugins: [svelte()],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // The window's state is module singletons, and the shell's tests mock electron: those
          // files get fresh modules each (unit-window); the rest share one module graph.
          exclude: ['test/unit/renderer/**', 'test/unit/shell/**'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [svelte()],
        test: {
          name: 'unit-window',
          include: ['test/unit/renderer/**/*.test.ts', 'test/unit/shell/**/*.test.ts'],
          environment: 'node',
          // Fresh modules for each file cost a new worker each: a thread starts in a fraction
          // of a process's time (the project took 49 s in processes, 35 s on threads). A test
          // that needs a process of its own (its umask, say) goes to the integration project.
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // The files share one module graph (the whole core) instead of loading it again for
          // each: that loading was most of the project's CPU time. Each file opens its own
          // cores, folders and sandboxes and closes them; none keeps state in a module (the
          // window's state does: unit-window).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own sandbox, host, data folder and browser on ports of its
          // own, so the files share one module graph (the harness loads the core, the sandbox
          // and Playwright once, not once a file).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          include: ['test/reliability/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
