/**
 * The `app:` scheme the renderer is loaded over (docs/security-model.md E-02): registered as privileged
 * before the app is ready, then handled by one function that serves the renderer's files and
 * proxies `/api/*` to the configured Tellbox server.
 */
import type { CustomScheme } from 'electron';
import { APP_ORIGIN, APP_SCHEME, originOf } from './app-origin';
import { createApiProxy, type ApiProxyDeps } from './api-proxy';
import { createStaticFiles, type StaticFilesDeps } from './static-files';

/**
 * `standard`: relative URLs, the history API and web storage work as on https, so the console's
 * routes behave as in the browser. `secure`: a secure context, and `'self'` in the CSP means
 * `app://tellbox`. `supportFetchAPI`: the console's fetch to `/api` reaches the handler. `stream`:
 * Electron's advice for protocols that answer with streams (the proxied API does).
 * `corsEnabled` stays off: it would let other origins read `app://` responses cross-origin, and the
 * page only ever fetches its own origin.
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  stream: true,
} as const satisfies NonNullable<CustomScheme['privileges']>;

/** The part of Electron's `protocol` the registration uses. */
export interface SchemeRegistrar {
  registerSchemesAsPrivileged(schemes: CustomScheme[]): void;
}

/**
 * Registers `app:` as privileged. Electron honours one call, before `ready`: any other privileged
 * scheme the app needs must be added to this list, not registered separately.
 */
export function registerAppScheme(protocol: SchemeRegistrar): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}

export type AppProtocolDeps = StaticFilesDeps & ApiProxyDeps;

/** True for `/api` and everything under it. */
function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The handler for `protocol.handle('app', …)`. */
export function createAppProtocolHandler(deps: AppProtocolDeps): (request: Request) => Promise<Response> {
  const serveStatic = createStaticFiles(deps);
  const proxyApi = createApiProxy(deps);
  return async (request) => {
    // Only `app://tellbox`: any other host under the scheme is nothing of ours.
    if (originOf(request.url) !== APP_ORIGIN) return new Response('Not found', { status: 404 });
    const url = new URL(request.url);
    if (isApiPath(url.pathname)) return proxyApi(request, url);
    return serveStatic(url.pathname, request.method);
  };
}
