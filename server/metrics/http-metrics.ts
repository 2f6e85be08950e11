/**
 * Requests counted and timed by method, route and status. The route label is the pattern the
 * request matched (`/api/widget/:id`), never its URL: an id in a path would start a new series for
 * every widget, and Prometheus keeps every series it has seen.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { Counter, Histogram, type Registry } from 'prom-client';

/** The route label of a request no route matched (an unknown path, the `/api` 404). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: from a widget config served from memory (well under 1 ms) to a long export. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const LABEL_NAMES = ['method', 'route', 'status'] as const;

/**
 * The pattern of the route that answers `req`, read once the answer has finished. It is noted
 * the moment the router sets `req.route`: Express puts `req.baseUrl` back as an error leaves a
 * router, so for an error answered by the app's error handler `req.baseUrl + req.route.path`
 * would by then have lost its `/api`.
 */
function matchedPatternOf(req: Request): () => string | undefined {
  let route: { path?: unknown } | undefined;
  let pattern: string | undefined;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      pattern = value ? `${req.baseUrl}${String(value.path)}` : undefined;
    },
  });
  return () => pattern;
}

export function createHttpMetrics(registry: Registry) {
  const requests = new Counter({
    name: 'tellbox_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: LABEL_NAMES,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'tellbox_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being handed to the OS, by method, route pattern and status.',
    labelNames: LABEL_NAMES,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  /** Counts and times the request when its answer finishes; `routeOf` says its pattern then. */
  function observe(req: IncomingMessage, res: ServerResponse, routeOf: () => string | undefined) {
    const started = performance.now();
    res.once('finish', () => {
      const labels = { method: req.method ?? '', route: routeOf() ?? UNMATCHED_ROUTE, status: String(res.statusCode) };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    });
  }

  return {
    /** For the public widget API, answered ahead of Express with its own route table. */
    observePublic(req: IncomingMessage, res: ServerResponse, route: string | undefined) {
      observe(req, res, () => route);
    },
    /** Express middleware, first in the app: every request Express handles. */
    expressRequests: ((req, res, next) => {
      observe(req, res, matchedPatternOf(req));
      next();
    }) satisfies RequestHandler,
  };
}
