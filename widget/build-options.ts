/**
 * How `widget/src` becomes `widget/dist/widget.js`: one minified IIFE (no module scope leaks to
 * the page), no dependencies, no source map shipped to visitors. Shared by the build script, the
 * size test and the bench, so all three measure the same bytes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const WIDGET_DIR = path.dirname(fileURLToPath(import.meta.url));

export const WIDGET_ENTRY = path.join(WIDGET_DIR, 'src', 'index.ts');
export const WIDGET_OUTFILE = path.join(WIDGET_DIR, 'dist', 'widget.js');
/** The budget for all of the widget's JavaScript and CSS, gzip -9 (issue 6). */
export const WIDGET_GZIP_BUDGET_BYTES = 6 * 1024;

export const widgetBuildOptions: BuildOptions = {
  entryPoints: [WIDGET_ENTRY],
  outfile: WIDGET_OUTFILE,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  // Every browser with <dialog> and Shadow DOM; no syntax lowering needed beyond that.
  target: ['es2020', 'chrome90', 'firefox98', 'safari15.4'],
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

/** Builds `widget/dist/widget.js`. */
export async function buildWidget(): Promise<void> {
  await build(widgetBuildOptions);
}
