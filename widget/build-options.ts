/**
 * How `widget/src` becomes `widget/dist/widget.js`: one minified IIFE (no module scope leaks to
 * the page), no dependencies, no source map shipped to visitors. Shared by the build script, the
 * size test and the bench, so all three measure the same bytes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
// The build script runs in Node and is never shipped: it compresses the widget as the renderer's
// build does, with the one implementation the server's static serving is built around.
// eslint-disable-next-line import-x/no-restricted-paths
import { precompressFile } from '../server/static/precompress';

const WIDGET_DIR = path.dirname(fileURLToPath(import.meta.url));

export const WIDGET_ENTRY = path.join(WIDGET_DIR, 'src', 'index.ts');
export const WIDGET_OUTFILE = path.join(WIDGET_DIR, 'dist', 'widget.js');
/**
 * The budget for all of the widget's JavaScript and CSS, gzip -9 (issue 6). It is also the budget
 * for `/widget.js` as transferred to a browser that accepts gzip but not brotli: the server sends
 * `widget.js.gz`, which is that gzip -9.
 */
export const WIDGET_GZIP_BUDGET_BYTES = 6 * 1024;
/** The budget for `/widget.js` as transferred to a browser that accepts brotli (all current ones). */
export const WIDGET_BROTLI_BUDGET_BYTES = 5 * 1024;

export const widgetBuildOptions: BuildOptions = {
  entryPoints: [WIDGET_ENTRY],
  outfile: WIDGET_OUTFILE,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  // Every browser with <dialog> and Shadow DOM; no syntax lowering needed beyond that. Chrome 91,
  // not 90: for 80–90 esbuild rewrites every `?.` (~80 bytes brotli) because of a V8 bug that
  // needs a spread argument in an optional call (crbug.com/42201552), which this code never makes.
  target: ['es2020', 'chrome91', 'firefox98', 'safari15.4'],
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
};

/** The built script as text, without writing it. */
export async function buildWidgetCode(): Promise<string> {
  const result = await build({ ...widgetBuildOptions, write: false });
  const file = result.outputFiles?.[0];
  if (!file) throw new Error('esbuild produced no widget output');
  return file.text;
}

/** Builds `widget/dist/widget.js` and, beside it, the `.br` and `.gz` the server sends instead. */
export async function buildWidget(): Promise<void> {
  await build(widgetBuildOptions);
  await precompressFile(WIDGET_OUTFILE);
}
