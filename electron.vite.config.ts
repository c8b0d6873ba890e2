import { resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { Plugin } from 'vite';

/**
 * `@preload/...` is src-preload/: the bridge contract and the modules the core and the window
 * share, reached by one name from anywhere instead of a climb of `../`. The tsconfig files
 * and vitest.config.ts name the same alias for the compiler, tsx, esbuild and the tests.
 */
const ALIASES = { '@preload': resolve(import.meta.dirname, 'src-preload') };

/**
 * twitter-text imports `punycode`, meaning the package it depends on; in a Node bundle that name
 * is Node's own module, deprecated (DEP0040): Node 22 and later warn about it on every command of
 * the CLI and at every start of the hosts. The package is resolved where twitter-text finds it.
 */
const USERLAND_PUNYCODE = createRequire(createRequire(import.meta.url).resolve('twitter-text')).resolve(
  'punycode/',
);

const NO_POLYFILL = '\0outpost:no-polyfill';

/**
 * twitter-text's build imports about a hundred core-js 2 polyfills (es6.symbol, es6.regexp.*)
 * for the browsers of 2019. Node 20 and Electron's Chromium have every one of them, yet each
 * bundle that counts characters (the core's, the window's) carried 69 KB of them, parsed and run
 * at every start. They are side-effect imports with nothing to import, so each becomes empty.
 */
function withoutCoreJsPolyfills(): Plugin {
  return {
    name: 'outpost:without-core-js-polyfills',
    enforce: 'pre',
    resolveId: (source) => (source.startsWith('core-js/modules/') ? NO_POLYFILL : null),
    load: (id) => (id === NO_POLYFILL ? 'export {};' : null),
  };
}

/**
 * twitter-text's `punycode` imports made to name the package's file (USERLAND_PUNYCODE): the
 * bundler takes a bare `punycode` for Node's own module before any plugin may resolve it.
 */
function withUserlandPunycode(): Plugin {
  return {
    name: 'outpost:userland-punycode',
    enforce: 'pre',
    transform: (code, id) =>
      id.includes(`${sep}twitter-text${sep}`) && /from ['"]punycode['"]/.test(code)
        ? code.replace(/from ['"]punycode['"]/g, `from ${JSON.stringify(USERLAND_PUNYCODE)}`)
        : null,
  };
}

// electron-vite looks for src/main, src/preload and src/renderer by default; Outpost keeps
// each process in its own top-level folder, so every entry is named here.
export default defineConfig({
  main: {
    plugins: [withoutCoreJsPolyfills(), withUserlandPunycode()],
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
          // The thread the core's thread sends the service's requests from (thread-wire.ts).
          'wire-worker': resolve('src-main/core-thread/wire-worker.ts'),
          // The thread the core's thread checks the database on while its own code loads (early-check.ts).
          'check-worker': resolve('src-main/core-thread/check-worker.ts'),
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
    plugins: [svelte({ configFile: resolve('svelte.config.js') }), withoutCoreJsPolyfills()],
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
