// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';
import coreLayers from './eslint-rules/core-layers.js';
import jsonParseCaught from './eslint-rules/json-parse-caught.js';
import outboxOwnsItsTable from './eslint-rules/outbox-owns-its-table.js';
import windowLayers from './eslint-rules/window-layers.js';
import testRules from './eslint-rules/no-long-sleeps.js';

/** The project's own rules. */
const outpost = {
  rules: {
    ...outboxOwnsItsTable.rules,
    ...coreLayers.rules,
    ...windowLayers.rules,
    ...jsonParseCaught.rules,
  },
};

/** The layers of the house, as errors: the core runs in plain Node, and main never reaches into the window. */
const noElectronInCore = {
  group: ['electron', 'electron/*'],
  message: 'src-main/core runs in plain Node: pass Electron-backed adapters in from src-main instead.',
};
const noRendererFromMain = {
  group: ['**/src-renderer/**'],
  message: 'The main process never imports renderer code.',
};

export default tseslint.config(
  {
    ignores: ['node_modules/', 'out/', 'native/', 'test-results/', 'playwright-report/', 'dist/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...svelte.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, svelteConfig },
    },
  },
  {
    // The core's layers import only downwards (eslint-rules/core-layers.js holds the order).
    files: ['src-main/core/**'],
    plugins: { outpost },
    rules: {
      'no-restricted-imports': ['error', { patterns: [noElectronInCore, noRendererFromMain] }],
      'outpost/core-layers': 'error',
    },
  },
  {
    // The op life cycle has one home: nothing outside core/outbox/ queries its table. Frozen
    // migrations keep the statements they were written with; the recovery of a damaged file
    // copies every table's rows as they were, before anything else runs.
    files: ['src-main/**'],
    ignores: [
      'src-main/core/outbox/**',
      'src-main/core/store/migrations/**',
      'src-main/core/store/recovery/**',
    ],
    plugins: { outpost },
    rules: { 'outpost/outbox-owns-its-table': 'error' },
  },
  {
    files: ['src-main/**'],
    ignores: ['src-main/core/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noRendererFromMain] }] },
  },
  {
    // Text read as JSON in the app may be damaged: each parse sits in a try that catches
    // (eslint-rules/json-parse-caught.js). The frozen migrations read what they wrote.
    files: ['src-main/**', 'src-preload/**', 'src-renderer/**'],
    ignores: ['src-main/core/store/migrations/**'],
    plugins: { outpost },
    rules: { 'outpost/json-parse-caught': 'error' },
  },
  {
    // Units a reader holds in their head, as in the window. Frozen migrations are the one
    // exception: a schema written once, read as one block, never edited after it ships.
    files: ['src-main/**', 'src-preload/**'],
    ignores: ['src-main/core/store/migrations/**'],
    rules: {
      'max-lines': ['error', 400],
      'max-lines-per-function': ['error', 80],
    },
  },
  {
    // The window's layers import only downwards: lib never imports a feature
    // (eslint-rules/window-layers.js holds the order); its units stay short.
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { outpost },
    rules: {
      'outpost/window-layers': 'error',
      // Units a reader holds in their head: a component, a state class or a module under 400
      // lines, a function under 80.
      'max-lines': ['error', 400],
      'max-lines-per-function': ['error', 80],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'The renderer has no Node: ask the bridge.' },
            { group: ['electron', 'electron/*'], message: 'The renderer talks to the bridge only.' },
            { group: ['**/src-main/**'], message: 'The renderer talks to the bridge only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-main/**', '**/src-renderer/**'],
              message: 'The preload imports only electron and its own types.',
            },
            { regex: '^node:', message: 'A sandboxed preload has no Node modules.' },
          ],
        },
      ],
    },
  },
  {
    // The suites run on every change: time is moved by the test, never slept through.
    files: ['test/unit/**', 'test/integration/**'],
    plugins: { 'outpost-tests': testRules },
    rules: { 'outpost-tests/no-long-sleeps': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
