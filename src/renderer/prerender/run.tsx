/**
 * `npm run build:prerender`: writes every prerendered public page of the router's table to
 * out/renderer/pages (its CSS inline) and
 * pages.json, which tells the server which file answers which path, which page answers 404, and
 * which paths get the single-page shell.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import Beasties from 'beasties';
import { routes } from '../src/app/router';
import { pagesManifest, prerenderedPages } from '../src/app/route-paths';
import { pageHtml } from './page-html';
import { NOT_FOUND_URL, renderPage } from './render-page';

const rendererDir = path.resolve('out/renderer');
const pagesDir = path.join(rendererDir, 'pages');

// The whole stylesheet goes inline while it is small (13 KB today, 3 KB brotli): a stylesheet
// link, even at the end of the body, holds up the first paint of a phone on a slow network, and
// the page needs the whole sheet anyway once it navigates to a console screen in place. Past the
// threshold only the rules the page uses go inline, and 'body' links the rest at the end of the
// body, with no onload handler (the CSP allows no inline script).
const beasties = new Beasties({
  path: rendererDir,
  publicPath: '/',
  inlineThreshold: 24 * 1024,
  preload: 'body',
  logLevel: 'warn',
});

const shell = await fs.readFile(path.join(rendererDir, 'index.html'), 'utf8');
await fs.rm(pagesDir, { recursive: true, force: true });
await fs.mkdir(pagesDir, { recursive: true });

for (const page of prerenderedPages(routes)) {
  const body = await renderPage(routes, page.path === '*' ? NOT_FOUND_URL : page.path);
  const html = await beasties.process(pageHtml(shell, { ...page, body }));
  await fs.writeFile(path.join(pagesDir, page.file), html);
}
await fs.writeFile(path.join(pagesDir, 'pages.json'), `${JSON.stringify(pagesManifest(routes), null, 2)}\n`);
console.log(`prerendered ${prerenderedPages(routes).length} pages into ${path.relative(process.cwd(), pagesDir)}`);
