/**
 * What the build and the server need to know about the router's table: which pages are
 * prerendered (and to which file), which path draws the not-found page, and every other path the
 * console answers with its single-page shell.
 */
import type { RouteObject } from 'react-router-dom';
import { isRouteHandle, pageMeta } from './page-title';

export interface PrerenderedPage {
  /** The URL path, `*` for the not-found page. */
  path: string;
  /** Its HTML file, relative to the pages folder. */
  file: string;
  title: string;
  description: string;
}

/** Every route with a path, with the handles of the routes above it and its own, outermost first. */
function flatten(routes: RouteObject[], handles: unknown[] = []): { path: string; handles: unknown[] }[] {
  return routes.flatMap((route) => {
    const own = [...handles, route.handle];
    const here = route.path === undefined ? [] : [{ path: route.path, handles: own }];
    return [...here, ...flatten(route.children ?? [], own)];
  });
}

const NOT_FOUND_PATH = '*';

function fileFor(path: string): string {
  if (path === NOT_FOUND_PATH) return '404.html';
  if (path === '/') return 'index.html';
  return `${path.slice(1).replaceAll('/', '-')}.html`;
}

function isPrerendered(handles: unknown[]): boolean {
  const own = handles.at(-1);
  return isRouteHandle(own) && own.prerender === true;
}

/** The prerendered pages, the not-found page (`path: '*'`) among them. */
export function prerenderedPages(routes: RouteObject[]): PrerenderedPage[] {
  return flatten(routes)
    .filter((route) => isPrerendered(route.handles))
    .map(({ path, handles }) => ({ path, file: fileFor(path), ...pageMeta(handles) }));
}

/** The pages manifest the server reads: prerendered files by path, the 404 page, and the shell's paths. */
export interface PagesManifest {
  pages: Record<string, string>;
  notFound: string;
  appRoutes: string[];
}

export function pagesManifest(routes: RouteObject[]): PagesManifest {
  const prerendered = prerenderedPages(routes);
  const notFound = prerendered.find((page) => page.path === NOT_FOUND_PATH);
  if (!notFound) throw new Error('the router has no prerendered not-found route');
  return {
    pages: Object.fromEntries(prerendered.filter((page) => page !== notFound).map((page) => [page.path, page.file])),
    notFound: notFound.file,
    appRoutes: flatten(routes)
      .filter((route) => route.path !== NOT_FOUND_PATH && !isPrerendered(route.handles))
      .map((route) => route.path),
  };
}
