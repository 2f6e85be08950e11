/**
 * The built renderer as the server serves it, loaded once at startup: its files by URL path, the
 * single-page console's shell (index.html), and the prerendered pages when the build made them.
 *
 * `pages/pages.json` lists the prerendered pages (`{ pages: { "/login": "login.html", … },
 * notFound, appRoutes }`, file names relative to `pages/`). With it a listed path gets its page,
 * a console route the shell, and any other path the not-found page with status 404. Without it
 * (an older build) every path gets the shell and the console shows its own not-found screen.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { appRouteMatcher } from './app-routes';
import { isHidden } from './precompress';
import { isVariantFile, loadStaticFile, type StaticFile } from './static-file';

/** Where the prerendered pages live inside the renderer's output. */
export const PAGES_DIR = 'pages';
const PAGES_MANIFEST = 'pages.json';

const pagesManifestSchema = z.object({
  pages: z.record(z.string(), z.string()),
  notFound: z.string(),
  appRoutes: z.array(z.string()),
});

interface PrerenderedPages {
  byPath: Map<string, StaticFile>;
  /** Whether a path is one the console's router draws (`/feedback/abc` for `/feedback/:feedbackId?`). */
  isAppRoute: (urlPath: string) => boolean;
  notFound: StaticFile;
}

export interface RendererSite {
  /** Every other file (assets, favicon…) by URL path, e.g. `/assets/index-abc.js`. */
  files: Map<string, StaticFile>;
  shell: StaticFile;
  pages?: PrerenderedPages;
}

/** What a page path gets: a file and its status. */
export interface PageAnswer {
  file: StaticFile;
  status: 200 | 404;
}

function mustLoad(file: string): StaticFile {
  const loaded = loadStaticFile(file);
  if (!loaded) throw new Error(`${file} is listed in ${PAGES_MANIFEST} but missing: rebuild the renderer`);
  return loaded;
}

function loadPages(pagesDir: string): PrerenderedPages | undefined {
  const manifestFile = path.join(pagesDir, PAGES_MANIFEST);
  if (!fs.existsSync(manifestFile)) return undefined;
  const manifest = pagesManifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
  const page = (name: string) => mustLoad(path.join(pagesDir, name));
  return {
    byPath: new Map(Object.entries(manifest.pages).map(([urlPath, name]) => [urlPath, page(name)])),
    isAppRoute: appRouteMatcher(manifest.appRoutes),
    notFound: page(manifest.notFound),
  };
}

/**
 * The files served under their own URLs: not hidden ones (`.vite/`), not the prerendered pages
 * (served at their routes only), not the precompressed variants (served in their file's place).
 */
function loadFiles(rendererDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of fs.readdirSync(rendererDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(rendererDir, file);
    if (!entry.isFile() || isHidden(relative) || relative.split(path.sep)[0] === PAGES_DIR) continue;
    if (isVariantFile(file)) continue;
    const loaded = loadStaticFile(file);
    if (loaded) files.set(`/${relative.split(path.sep).join('/')}`, loaded);
  }
  return files;
}

/** The renderer in `rendererDir`; undefined when it has not been built (no index.html). */
export function loadRendererSite(rendererDir: string): RendererSite | undefined {
  const shell = loadStaticFile(path.join(rendererDir, 'index.html'));
  if (!shell) return undefined;
  return { files: loadFiles(rendererDir), shell, pages: loadPages(path.join(rendererDir, PAGES_DIR)) };
}

/** `/login/` is `/login`, as the console's router sees it. */
function normalize(urlPath: string): string {
  return urlPath.length > 1 && urlPath.endsWith('/') ? urlPath.replace(/\/+$/, '') || '/' : urlPath;
}

/** The page for a path that is no file. */
export function pageFor(site: RendererSite, urlPath: string): PageAnswer {
  if (!site.pages) return { file: site.shell, status: 200 };
  const route = normalize(urlPath);
  const page = site.pages.byPath.get(route);
  if (page) return { file: page, status: 200 };
  if (site.pages.isAppRoute(route)) return { file: site.shell, status: 200 };
  return { file: site.pages.notFound, status: 404 };
}
