/** `/feedback`, optionally with a plain query (`?widget=<id>`): nothing else a notification may open. */
const FEEDBACK_ROUTE = /^\/feedback(?:\?[\w.~%=&-]*)?$/;

/**
 * The console route a notification click may open (docs/security-model.md E-13): only an internal
 * `/feedback` path, never a full URL, another screen or a protocol-relative `//host`. Null otherwise.
 */
export function feedbackRoute(route: unknown): string | null {
  return typeof route === 'string' && route.length <= 200 && FEEDBACK_ROUTE.test(route) ? route : null;
}
