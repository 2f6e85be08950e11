/**
 * The built renderer (console and public pages) and the widget script, served from memory when
 * they exist, each in the smallest encoding the client accepts (precompressed at build time).
 * Until they are built, the server serves the API alone.
 */
import path from 'node:path';
import { Router, type RequestHandler } from 'express';
import { consoleHelmet, crossOriginHelmet } from '../lib/security-headers';
import { loadRendererSite, pageFor, type RendererSite } from './renderer-site';
import { sendStaticFile } from './send-static-file';
import { loadStaticFile } from './static-file';

export { ownerApiCompression } from './owner-api-compression';

export interface StaticPaths {
  /** electron-vite's renderer output: index.html, assets, and the prerendered pages. */
  rendererDir: string;
  /** The minified widget script (its `.br` and `.gz` beside it). */
  widgetFile: string;
}

export function defaultStaticPaths(root = process.cwd()): StaticPaths {
  return {
    rendererDir: path.join(root, 'out', 'renderer'),
    widgetFile: path.join(root, 'widget', 'dist', 'widget.js'),
  };
}

/** Owners get fixes to the widget within this time, without changing their snippet. */
const WIDGET_CACHE_CONTROL = 'public, max-age=300';
/** Hashed file names: a new build makes new names, so a copy never goes stale. */
const ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Pages and unhashed files are revalidated on every use (a 304 when unchanged). */
const REVALIDATE = 'no-cache';
const ASSETS_PREFIX = '/assets/';

function decodedPath(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
}

function serveRenderer(site: RendererSite): RequestHandler {
  return (req, res, next) => {
    const urlPath = decodedPath(req.path);
    if (urlPath === undefined) return next();
    const file = site.files.get(urlPath);
    if (file) {
      const cacheControl = urlPath.startsWith(ASSETS_PREFIX) ? ASSETS_CACHE_CONTROL : REVALIDATE;
      return sendStaticFile(req, res, file, { cacheControl });
    }
    // A missing script or style sheet is no page: it gets the plain 404, never HTML. (The API
    // router ahead of this one answers every /api path itself.)
    if (urlPath.startsWith(ASSETS_PREFIX)) return next();
    const page = pageFor(site, urlPath);
    sendStaticFile(req, res, page.file, { cacheControl: REVALIDATE, status: page.status });
  };
}

export function createStaticRouter(paths: StaticPaths): Router {
  const router = Router();

  const widget = loadStaticFile(paths.widgetFile);
  if (widget) {
    router.get('/widget.js', crossOriginHelmet, (req, res) =>
      sendStaticFile(req, res, widget, { cacheControl: WIDGET_CACHE_CONTROL }),
    );
  }

  const site = loadRendererSite(paths.rendererDir);
  // GET routes answer HEAD as well.
  if (site) router.get('/{*splat}', consoleHelmet, serveRenderer(site));
  return router;
}
