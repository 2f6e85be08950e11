/**
 * One build for the three Electron targets. The renderer (root `src/renderer`, output
 * `out/renderer`) is also what the Express server serves to browsers at `/`.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

/**
 * electron-vite builds the renderer with `base: './'`. The server's SPA fallback serves the same
 * index.html at every path, so its entry URLs must be absolute: `./assets/x.js` would resolve
 * under `/a/b/` to `/a/assets/x.js`. The icons and the web manifest likewise. Chunks import each other relative to
 * themselves, which works.
 */
function absoluteEntryUrls(): Plugin {
  return {
    name: 'tellbox-absolute-entry-urls',
    enforce: 'post',
    transformIndexHtml: (html) =>
      html
        .replaceAll('"./assets/', '"/assets/')
        .replace(/"\.\/(favicon\.svg|apple-touch-icon\.png|manifest\.webmanifest)"/g, '"/$1"'),
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: resolve(__dirname, 'src/main/index.ts') },
      // keytar is an optional dependency (native, loaded with a dynamic import): electron-vite
      // externalizes only `dependencies`, and bundling it would cut it off from its .node file.
      externalizeDeps: { include: ['keytar'] },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: resolve(__dirname, 'src/preload/index.ts'),
        // The sandboxed preload must be one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react(), absoluteEntryUrls()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      emptyOutDir: true,
      minify: true,
      // .vite/manifest.json: which chunks each route needs; the bench checks that / loads no
      // owner screen with it. (express.static does not serve dot-directories.)
      manifest: true,
      rollupOptions: {
        input: resolve(__dirname, 'src/renderer/index.html'),
        output: {
          // What every page loads first (React, the router, the app's frame) as one file: split
          // into the 16 pieces the routes happen to share, each is a request of its own, and each
          // response's headers cost as much as a small piece.
          codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        },
      },
    },
  },
});
