/** Bundles the server into `out/server/` (index.js and its chunk) for `npm start`. */
import { build } from 'esbuild';
import { serverBuildOptions } from './build-options';

await build(serverBuildOptions('out/server'));
