/**
 * `npm run build:widget`: builds `widget/dist/widget.js`. With `--if-missing` (used by
 * `npm start`) it does nothing when the file already exists.
 */
import fs from 'node:fs';
import { WIDGET_OUTFILE, buildWidget } from './build-options';

if (!(process.argv.includes('--if-missing') && fs.existsSync(WIDGET_OUTFILE))) {
  await buildWidget();
  console.log(`widget: built ${WIDGET_OUTFILE} (${fs.statSync(WIDGET_OUTFILE).size} bytes)`);
}
