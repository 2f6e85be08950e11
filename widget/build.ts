/**
 * `npm run build:widget`: builds `widget/dist/widget.js` with its precompressed `.br` and `.gz`.
 * (`npm start` rebuilds it only when a source is newer: server/static/build-if-stale.ts.)
 */
import fs from 'node:fs';
import { WIDGET_OUTFILE, buildWidget } from './build-options';

await buildWidget();
const size = (suffix: string) =>
  fs.existsSync(WIDGET_OUTFILE + suffix) ? fs.statSync(WIDGET_OUTFILE + suffix).size : '-';
console.log(`widget: built ${WIDGET_OUTFILE} (${size('')} B, ${size('.br')} B brotli, ${size('.gz')} B gzip)`);
