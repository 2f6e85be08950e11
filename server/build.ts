/** Bundles the server into `out/server/index.js` for `npm start` (npm packages stay external). */
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'out/server/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
