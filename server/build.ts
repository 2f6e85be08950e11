/** Bundles the server into `out/server/` (index.js, its chunks and the read worker) for `npm start`. */
import { build } from 'esbuild';
import { readWorkerBuildOptions, serverBuildOptions } from './build-options';

await Promise.all([build(serverBuildOptions('out/server')), build(readWorkerBuildOptions('out/server'))]);
