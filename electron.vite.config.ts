/**
 * One build for the three Electron targets. The renderer (root `src/renderer`, output
 * `out/renderer`) is also what the Express server serves to browsers at `/`.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { ModuleInfo } from 'rolldown';
import type { Plugin } from 'vite';
import { designTokensCssPlugin } from './src/renderer/vite-plugins/design-tokens-css';

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

const LANDING_ROUTE = resolve(__dirname, 'src/renderer/src/app/routes/landing.tsx');
let landingClosure: Set<string> | undefined;

/**
 * The small modules the landing page shares with other screens (the plan cards and their tags,
 * the plan table, toasts, a few icons) as one chunk, `landing-shared`, instead of a file each:
 * on `/` every file costs its headers and a round trip, and there were eight of them. Modules the
 * landing alone uses stay in its own chunk; the other screens load the shared chunk as they
 * loaded its parts.
 */
function sharedWithLanding(id: string, context: { getModuleInfo(id: string): ModuleInfo | null }) {
  if (!landingClosure) {
    const seen = new Set<string>();
    const visit = (moduleId: string) => {
      if (seen.has(moduleId)) return;
      seen.add(moduleId);
      context.getModuleInfo(moduleId)?.importedIds.forEach(visit);
    };
    visit(LANDING_ROUTE);
    landingClosure = seen;
  }
  if (id === LANDING_ROUTE || !landingClosure.has(id)) return null;
  const importers = context.getModuleInfo(id)?.importers ?? [];
  return importers.some((importer) => !landingClosure?.has(importer)) ? 'landing-shared' : null;
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
    plugins: [react(), absoluteEntryUrls(), designTokensCssPlugin()],
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
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'], priority: 2 },
              { name: sharedWithLanding, priority: 1 },
            ],
          },
        },
      },
    },
  },
});
