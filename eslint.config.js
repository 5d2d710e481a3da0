// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'http', 'https', 'crypto', 'child_process', 'net'];
const noElectron = { name: 'electron', message: 'Only electron/main and electron/preload may import Electron.' };

/** One block per layer: the imports each layer must never make (see the design's layering). */
const boundaries = [
  {
    files: ['electron/shared/**'],
    paths: [noElectron, { name: 'vue', message: 'electron/shared is pure TypeScript.' }],
    patterns: [
      { group: nodeBuiltins, message: 'electron/shared runs in the renderer too: no Node modules.' },
      { group: ['**/backend/**', '**/service/**', '**/main/**', '**/web/**', '**/renderer/**'], message: 'electron/shared imports nothing of the other layers.' },
    ],
  },
  {
    files: ['electron/backend/**', 'electron/web/**'],
    paths: [noElectron],
    patterns: [{ group: ['**/main/**', '**/preload/**', '**/renderer/**'], message: 'The backend is plain Node; shells import it, not the reverse.' }],
  },
  {
    // The command line: the backend's parts and shared code (and the web shell's two plain helpers:
    // the data folder's location and the browser opener), never the Electron shell or the views.
    files: ['electron/cli/**'],
    paths: [noElectron],
    patterns: [{ group: ['**/main/**', '**/preload/**', '**/renderer/**', '**/service/**'], message: 'The command line uses electron/shared and electron/backend; the app does the rest over its socket.' }],
  },
  {
    files: ['electron/service/**'],
    paths: [noElectron],
    patterns: [{ group: ['**/backend/**', '**/main/**', '**/preload/**', '**/web/**', '**/renderer/**'], message: 'The local service stands alone: it only shares electron/shared.' }],
  },
  {
    files: ['renderer/**'],
    paths: [noElectron],
    patterns: [
      { group: nodeBuiltins, message: 'The renderer never touches Node or the network.' },
      { group: ['**/electron/backend/**', '**/electron/service/**', '**/electron/main/**', '**/electron/web/**'], message: 'The renderer reaches the app only through window.linkdeck (bridge.ts).' },
    ],
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'tests/.reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
    rules: {
      // Every word on screen comes from the message files (renderer/src/i18n/locales): a word
      // written into a template, as text or in a label, title, placeholder or aria attribute, is
      // an error. Symbols and punctuation (·, –, %, …) are allowed.
      'vue/no-bare-strings-in-template': [
        'error',
        {
          allowlist: ['(', ')', ',', '.', '&', '+', '-', '=', '*', '/', '#', '%', '!', '?', ':', '[', ']', '{', '}', '<', '>', '|', '…', '·', '•', '–', '—', '−', '×', '→', '←', '↑', '↓', '⋯'],
          attributes: { '/.+/': ['title', 'aria-label', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'placeholder', 'label', 'alt', 'positive-text', 'negative-text', 'description', 'empty-text', 'loading-text'] },
          directives: ['v-text'],
        },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  ...boundaries.map(({ files, paths, patterns }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
  })),
  prettier,
);
