/**
 * Builds the prerenderer: the renderer's own route table and screens, compiled for Node (vite's
 * SSR build, so `import.meta.env` and the JSX transform match the browser build), into
 * out/prerender. `npm run build:prerender` builds it and runs it against out/renderer.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const projectRoot = resolve(import.meta.dirname, '../../..');

export default defineConfig({
  root: resolve(projectRoot, 'src/renderer'),
  plugins: [react()],
  logLevel: 'warn',
  build: {
    ssr: resolve(import.meta.dirname, 'run.tsx'),
    outDir: resolve(projectRoot, 'out/prerender'),
    emptyOutDir: true,
    target: 'node22',
  },
});
