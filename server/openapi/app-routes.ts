/**
 * The routes an Express app answers, read from its router stack at run time, so a test can hold
 * the OpenAPI document to the app as it is (a route added without its documentation fails it).
 */
import { PUBLIC_WIDGET_ROUTES } from '../modules/public-widget/public-widget.handler';

export interface AppRoute {
  /** Upper case, e.g. `GET`. */
  method: string;
  /** Express's pattern with its mount path, e.g. `/api/widget/:id`. */
  path: string;
}

/** The parts of Express 5's router layers this reads (router 2.x keeps each layer's `rawPath`). */
interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
  handle?: { stack?: Layer[] };
}

function mountPathOf(layer: Layer): string {
  return typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
}

function collect(stack: Layer[], prefix: string, routes: AppRoute[]) {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths.filter((p): p is string => typeof p === 'string')) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') routes.push({ method: method.toUpperCase(), path: prefix + path });
        }
      }
    } else if (layer.handle?.stack) {
      collect(layer.handle.stack, prefix + mountPathOf(layer), routes);
    }
  }
}

/** Every route of `app` (an Express 5 application), with the paths of the routers it is nested in. */
export function listExpressRoutes(app: { router: unknown }): AppRoute[] {
  const routes: AppRoute[] = [];
  collect((app.router as { stack?: Layer[] }).stack ?? [], '', routes);
  return routes;
}

/**
 * The public widget API's routes, answered ahead of Express (public-widget.handler.ts): the config
 * on GET and HEAD, feedback on POST, and a CORS preflight on both.
 */
export function publicWidgetRoutes(): AppRoute[] {
  const { config, feedback } = PUBLIC_WIDGET_ROUTES;
  return [
    ...['GET', 'HEAD', 'OPTIONS'].map((method) => ({ method, path: config })),
    ...['POST', 'OPTIONS'].map((method) => ({ method, path: feedback })),
  ];
}
