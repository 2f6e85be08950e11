/**
 * `/api/public/widget/:siteKey` and `…/feedback`: what every visitor of every customer site calls.
 * One middleware at the front of the app, with no router levels, helmet or body-parser in the
 * way: a cached config is answered from memory with a precomputed body and ETag, and feedback is
 * validated with the shared schema and written in batches. Errors still go to the one error
 * handler, so their bodies are the API's usual `{message}`.
 */
import type { Request, RequestHandler, Response } from 'express';
import { publicFeedbackInputSchema } from '../../../src/shared/schemas';
import { answerPreflight, requestingHost, setPublicHeaders } from '../../lib/cors';
import { AppError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { RATE_LIMIT_RULES, type RateLimiterFactory } from '../../lib/rate-limit';
import { readJsonBody } from '../../lib/read-json-body';
import { logWhenFinished } from '../../lib/request-log';
import { parse } from '../../lib/validate';
import type { PublicWidgetEntry } from './public-widget-cache';
import { PUBLIC_WIDGET_MESSAGES, type PublicWidgetService } from './public-widget.service';

/** Browsers may reuse the config this long; owners' edits reach visitors within it. */
export const CONFIG_MAX_AGE_SECONDS = 60;
/** A 5000-character message stays far below this even with every character escaped. */
export const FEEDBACK_BODY_LIMIT_BYTES = 64 * 1024;

const PREFIX = '/api/public/widget/';
const CONFIG_CACHE_CONTROL = `public, max-age=${CONFIG_MAX_AGE_SECONDS}`;
const RECEIVED_BODY = JSON.stringify({ message: PUBLIC_WIDGET_MESSAGES.received });
const JSON_TYPE = 'application/json; charset=utf-8';

interface Route {
  siteKey: string;
  feedback: boolean;
}

/** `KEY` or `KEY/feedback` after the prefix; anything else is no route. */
function routeOf(url: string): Route | undefined {
  const end = url.indexOf('?');
  const rest = url.slice(PREFIX.length, end === -1 ? undefined : end);
  const slash = rest.indexOf('/');
  const feedback = slash !== -1 && rest.slice(slash) === '/feedback';
  if (slash !== -1 && !feedback) return undefined;
  try {
    const siteKey = decodeURIComponent(slash === -1 ? rest : rest.slice(0, slash));
    return siteKey ? { siteKey, feedback } : undefined;
  } catch {
    return undefined;
  }
}

/** Runs Express middlewares (rate limiters) in turn; false when one of them answered. */
async function passes(handlers: RequestHandler[], req: Request, res: Response): Promise<boolean> {
  for (const handler of handlers) {
    let passed = false;
    await new Promise<void>((resolve, reject) => {
      const next = (error?: unknown) => {
        if (error) reject(error instanceof Error ? error : new AppError(500, String(error)));
        passed = true;
        resolve();
      };
      Promise.resolve(handler(req, res, next)).then(() => resolve(), reject);
    });
    if (!passed) return false;
  }
  return true;
}

function sendConfig(req: Request, res: Response, entry: PublicWidgetEntry) {
  const fresh = req.headers['if-none-match'] === entry.etag;
  res.writeHead(fresh ? 304 : 200, {
    'Cache-Control': CONFIG_CACHE_CONTROL,
    ETag: entry.etag,
    ...(!fresh && { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(entry.body) }),
  });
  res.end(fresh || req.method === 'HEAD' ? undefined : entry.body);
}

export function createPublicWidgetHandler(deps: {
  service: PublicWidgetService;
  limiter: RateLimiterFactory;
  logger: Logger;
  enabledLimits: boolean;
}): RequestHandler {
  const { service, limiter, logger } = deps;
  const siteKeyOf = (req: Request) => routeOf(req.originalUrl)?.siteKey;
  const configLimits = deps.enabledLimits ? [limiter(RATE_LIMIT_RULES.publicConfigPerIp)] : [];
  const feedbackLimits = deps.enabledLimits
    ? [limiter(RATE_LIMIT_RULES.feedbackPerIp), limiter({ ...RATE_LIMIT_RULES.feedbackPerWidget, keyOf: siteKeyOf })]
    : [];

  async function serveConfig(req: Request, res: Response, siteKey: string) {
    if (configLimits.length > 0 && !(await passes(configLimits, req, res))) return;
    const host = requestingHost(req);
    sendConfig(req, res, service.peek(siteKey, host) ?? (await service.config(siteKey, host)));
  }

  async function receiveFeedback(req: Request, res: Response, siteKey: string) {
    if (feedbackLimits.length > 0 && !(await passes(feedbackLimits, req, res))) return;
    const body = await readJsonBody(req, FEEDBACK_BODY_LIMIT_BYTES);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new AppError(400, 'Request body must be a JSON object');
    }
    const input = parse(publicFeedbackInputSchema, body);
    const host = requestingHost(req);
    const entry = service.peek(siteKey, host) ?? (await service.config(siteKey, host));
    await service.submitFeedback(entry, input, req.headers['user-agent']);
    res.writeHead(201, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(RECEIVED_BODY) });
    res.end(RECEIVED_BODY);
  }

  return (req, res, next) => {
    if (!req.url.startsWith(PREFIX)) {
      next();
      return;
    }
    logWhenFinished(logger, req, res);
    setPublicHeaders(res);
    if (req.method === 'OPTIONS') {
      answerPreflight(res);
      return;
    }
    const route = routeOf(req.url);
    const method = req.method;
    let handled: Promise<void> | undefined;
    if (route && !route.feedback && (method === 'GET' || method === 'HEAD')) {
      const entry = service.peek(route.siteKey, requestingHost(req));
      // The common case, answered without a single await.
      if (entry && configLimits.length === 0) sendConfig(req, res, entry);
      else handled = serveConfig(req, res, route.siteKey);
    } else if (route?.feedback && method === 'POST') {
      handled = receiveFeedback(req, res, route.siteKey);
    } else {
      next(notFound());
      return;
    }
    handled?.catch(next);
  };
}
