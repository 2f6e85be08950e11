/**
 * The console's routes as the router writes them (`/dashboard`, `/feedback/:feedbackId?`), turned
 * into one test of a URL path: a path that one of them draws gets the console's shell, any other
 * the not-found page. A parameter stands for one whole segment; `?` after it makes it optional.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/feedback/:feedbackId?` → /^\/feedback(?:\/[^/]+)?$/ */
function routePattern(route: string): RegExp {
  const segments = route.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escape(segment)}`;
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    })
    .join('');
  return new RegExp(`^${source || '/'}$`);
}

/** Whether one of `routes` draws `urlPath` (already without a trailing slash). */
export function appRouteMatcher(routes: readonly string[]): (urlPath: string) => boolean {
  const exact = new Set(routes.filter((route) => !route.includes(':')));
  const patterns = routes.filter((route) => route.includes(':')).map(routePattern);
  return (urlPath) => exact.has(urlPath) || patterns.some((pattern) => pattern.test(urlPath));
}
