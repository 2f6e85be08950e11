/**
 * How `server/` becomes the bundle `npm start` runs; shared by the build script and the test that
 * runs it on an old Node, so both hold the same files.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));

/** What every bundle of `server/` shares: ESM for Node, npm packages left to node_modules. */
const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
} as const satisfies BuildOptions;

/**
 * `outdir/index.js` (the Node check, then a dynamic import) and `outdir/server-process.js` (the
 * server, with every npm package's import): splitting keeps them apart, so no package loads before
 * the check (server/index.ts). Beside them `chunk.js` holds esbuild's own helpers that both use,
 * and nothing else. npm packages stay external; chunks keep their plain names, so a rebuild
 * replaces the files instead of adding hashed ones beside them.
 */
export function serverBuildOptions(outdir: string): BuildOptions {
  return {
    ...NODE_BUNDLE,
    entryPoints: [path.join(SERVER_DIR, 'index.ts')],
    outdir,
    splitting: true,
    chunkNames: '[name]',
  };
}

/**
 * The read workers' script (server/heavy-reads/read-pool.ts) as `outdir/feedback-read-worker.js`,
 * beside the server's chunk, which starts it from there (modules/feedback/feedback-reads.ts).
 * A build of its own: split with the server's, it would share chunks with it, all named `chunk`.
 */
export function readWorkerBuildOptions(outdir: string): BuildOptions {
  return {
    ...NODE_BUNDLE,
    entryPoints: { 'feedback-read-worker': path.join(SERVER_DIR, 'modules', 'feedback', 'feedback-read-worker.ts') },
    outdir,
  };
}
