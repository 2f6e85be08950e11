/**
 * How `server/` becomes the bundle `npm start` runs; shared by the build script and the test that
 * runs it on an old Node, so both hold the same files.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * `outdir/index.js` (the Node check, then a dynamic import) and `outdir/server-process.js` (the
 * server, with every npm package's import): splitting keeps them apart, so no package loads before
 * the check (server/index.ts). Beside them `chunk.js` holds esbuild's own helpers that both use,
 * and nothing else. npm packages stay external; chunks keep their plain names, so a rebuild
 * replaces the files instead of adding hashed ones beside them.
 */
export function serverBuildOptions(outdir: string): BuildOptions {
  return {
    entryPoints: [path.join(SERVER_DIR, 'index.ts')],
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: '[name]',
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  };
}
