import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import type { Plugin } from 'vite';
import { contentSecurityPolicy, withCspMeta } from './electron/main/csp.js';
import { LOCAL_SERVICE_ENTRY } from './electron/main/local-service-protocol.js';

// The window's CSP written into index.html from electron/main/csp.ts: a file:// page gets no
// HTTP headers, so in the built app this <meta> is the policy. The dev server's variant allows
// 'self' in connect-src for Vite's hot-reload socket.
const cspMeta = (): Plugin => ({
  name: 'linkdeck-csp-meta',
  transformIndexHtml: {
    order: 'post',
    handler: (html, ctx) => withCspMeta(html, contentSecurityPolicy({ dev: Boolean(ctx.server) })),
  },
});

// Three bundles: the Electron main process (with the entry of the utility process that runs
// the embedded local service), the preload script and the Vue renderer.
// Dependencies of main/preload stay external (native modules such as @napi-rs/keyring and libsql
// cannot be bundled). keytar is named too: it is optional, so where it did not build there is
// nothing to resolve, and the lazy import that looks for it must stay a runtime import.
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        external: ['keytar'],
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          [LOCAL_SERVICE_ENTRY]: resolve(__dirname, 'electron/main/local-service-process.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot be an ES module: emit CommonJS.
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [vue(), cspMeta()],
    build: {
      // Minified: the renderer is parsed at every window start, and Naive UI is large.
      minify: true,
      // The page's own first script keeps its modulepreload links (index.html); the app's code,
      // imported once the first rows are drawn, gets none: Vite's helper inserted one per file
      // (61 at the app's start) in a block of script that held the first rows' frame, and the
      // files come from this computer, where a file found one import later costs next to nothing
      // (docs/benchmarks.md, "The rows in one window, the app's code after the first rows").
      modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
