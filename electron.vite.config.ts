import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * `@preload/...` is src-preload/: the bridge contract and the modules the core and the window
 * share, reached by one name from anywhere instead of a climb of `../`. The tsconfig files
 * and vitest.config.ts name the same alias for the compiler, tsx, esbuild and the tests.
 */
const ALIASES = { '@preload': resolve(import.meta.dirname, 'src-preload') };

// electron-vite looks for src/main, src/preload and src/renderer by default; Outpost keeps
// each process in its own top-level folder, so every entry is named here.
export default defineConfig({
  main: {
    resolve: { alias: ALIASES },
    build: {
      outDir: 'out/main',
      // Pure-JavaScript dependencies are bundled: resolving and loading their many modules at
      // start-up cost more than the code itself. Native ones (better-sqlite3, keytar) cannot be.
      externalizeDeps: { exclude: ['kysely', 'zod'] },
      rolldownOptions: {
        input: {
          // The desktop app, and the two plain-Node entry points that reuse the same core.
          index: resolve('src-main/index.ts'),
          'browser-host': resolve('src-main/browser-host.ts'),
          cli: resolve('src-main/cli.ts'),
          // The core's own thread (src-main/core-thread/), started by the desktop app and the browser host.
          'core-worker': resolve('src-main/core-thread/worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { index: resolve('src-preload/index.ts') },
        // A sandboxed preload cannot be an ES module.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src-renderer'),
    plugins: [svelte({ configFile: resolve('svelte.config.js') })],
    resolve: { alias: ALIASES },
    build: {
      outDir: resolve('out/renderer'),
      // electron-vite leaves every bundle readable; the window's is parsed on every start, and
      // minified it is less than half the size.
      minify: true,
      rolldownOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
  },
});
