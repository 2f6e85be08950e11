/**
 * `/api/public/widget/:siteKey` and `…/feedback`: what every visitor of every customer site calls.
 * Answered on Node's bare request path, ahead of Express (app.ts): no router, helmet, body-parser
 * or Express request object in the way. With rate limits on (the default), a cached config for a
 * visitor within the limit is counted, looked up and written without a single Promise; feedback
 * is validated with the shared schema and written in batches. Errors get the API's one body,
 * `{message}`, from the same code as the owner API's error handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { publicFeedbackInputSchema } from '../../../src/shared/schemas';
import { holdsEtag } from '../../lib/content-negotiation';
import { PUBLIC_HEADERS, answerPreflight, requestingHost, setPublicHeaders } from '../../lib/cors';
import { AppError, errorAnswerOf, notFound, writeErrorAnswer } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import {
  RATE_LIMIT_RULES,
  TOO_MANY_REQUESTS,
  addressKeyOf,
  ceilingOf,
  type RateLimitSettings,
} from '../../lib/rate-limit';
import { readJsonBody } from '../../lib/read-json-body';
import type { RedisLink } from '../../lib/redis';
import { logWhenFinished } from '../../lib/request-log';
import type { Clock } from '../../lib/time';
import { parse } from '../../lib/validate';
import { answerFor } from './config-answer';
import { createPublicLimit, type PublicLimit } from './public-limits';
import type { PublicWidgetEntry } from './public-widget-cache';
import { PUBLIC_WIDGET_MESSAGES, type PublicWidgetService } from './public-widget.service';
import { requestedLanguage } from './requested-language';

/** A 5000-character message stays far below this even with every character escaped. */
export const FEEDBACK_BODY_LIMIT_BYTES = 64 * 1024;

const PREFIX = '/api/public/widget/';
const JSON_TYPE = 'application/json; charset=utf-8';
const PUBLIC = Object.fromEntries(PUBLIC_HEADERS);
const RECEIVED_BODY = JSON.stringify({ message: PUBLIC_WIDGET_MESSAGES.received });
const RECEIVED_HEADERS = { ...PUBLIC, 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(RECEIVED_BODY) };
const LIMITED_BODY = JSON.stringify({ message: TOO_MANY_REQUESTS });

interface Route {
  siteKey: string;
  feedback: boolean;
}

/**
 * The two routes `routeOf` reads, written as Express would: /metrics counts requests under these
 * patterns (a site key per label would explode its series), and the OpenAPI test lists them.
 */
export const PUBLIC_WIDGET_ROUTES = {
  config: `${PREFIX}:siteKey`,
  feedback: `${PREFIX}:siteKey/feedback`,
} as const;

/** Told of each request this handler answers, with its route's pattern (undefined: no route). */
export type ObservePublicRequest = (req: IncomingMessage, res: ServerResponse, route: string | undefined) => void;

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

/** The config in the language of `?lang=` (English by default), in the best encoding the client takes. */
function sendConfig(req: IncomingMessage, res: ServerResponse, entry: PublicWidgetEntry) {
  const answers = entry.answers.in(requestedLanguage(req.url ?? ''));
  const answer = answerFor(answers, req.headers['accept-encoding']);
  if (holdsEtag(req.headers['if-none-match'], answer.etag)) {
    res.writeHead(304, answer.notModified);
    res.end();
    return;
  }
  res.writeHead(200, answer.ok);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}

/** The 429 of every limiter: the one message, when to retry, and the limit as RateLimit headers. */
function sendLimited(res: ServerResponse, limit: PublicLimit) {
  const seconds = limit.secondsToReset();
  res.writeHead(429, {
    ...PUBLIC,
    'Content-Type': JSON_TYPE,
    'Content-Length': Buffer.byteLength(LIMITED_BODY),
    'Retry-After': String(seconds),
    'RateLimit-Policy': `${limit.limit};w=${limit.windowMs / 1000}`,
    RateLimit: `limit=${limit.limit}, remaining=0, reset=${seconds}`,
  });
  res.end(LIMITED_BODY);
}

/**
 * The public API's limits under the configured ceilings, or none when rate limiting is off. Their
 * windows follow the app's clock, as every other time rule does, so a test that moves the clock
 * moves them too, and no test depends on where the wall clock's minute happens to fall.
 */
function createLimits(settings: RateLimitSettings, redis: RedisLink | undefined, clock: Clock) {
  if (!settings.enabled) return undefined;
  const now = () => clock.now().getTime();
  const limit = (rule: (typeof RATE_LIMIT_RULES)[keyof typeof RATE_LIMIT_RULES]) =>
    createPublicLimit({
      name: rule.name,
      limit: ceilingOf(rule, settings),
      windowMs: rule.windowMs,
      now,
      redis,
    });
  return {
    configPerIp: limit(RATE_LIMIT_RULES.publicConfigPerIp),
    feedbackPerIp: limit(RATE_LIMIT_RULES.feedbackPerIp),
    feedbackPerWidget: limit(RATE_LIMIT_RULES.feedbackPerWidget),
  };
}

export interface PublicWidgetHandler {
  /** Answers the request when it is for the public widget API; false leaves it to Express. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  close(): void;
}

export function createPublicWidgetHandler(deps: {
  service: PublicWidgetService;
  rateLimits: RateLimitSettings;
  redis?: RedisLink;
  /** The app's clock: the limits' windows and their Retry-After follow it. */
  clock: Clock;
  /** The client's IP (TRUST_PROXY applied), for the limits and the request log. */
  clientIp: (req: IncomingMessage) => string;
  logger: Logger;
  /** Counts requests for /metrics; unset when metrics are off. */
  observe?: ObservePublicRequest;
}): PublicWidgetHandler {
  const { service, clientIp, logger } = deps;
  const addressOf = (req: IncomingMessage) => addressKeyOf(clientIp(req));
  const limits = createLimits(deps.rateLimits, deps.redis, deps.clock);

  const fail = (req: IncomingMessage, res: ServerResponse) => (error: unknown) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const answer = errorAnswerOf(error, logger, { method: req.method ?? '', path });
    // The widget reads error messages cross-origin: they need the public headers too.
    if (!res.headersSent) setPublicHeaders(res);
    writeErrorAnswer(res, answer);
  };

  async function serveUncachedConfig(req: IncomingMessage, res: ServerResponse, siteKey: string) {
    sendConfig(req, res, await service.config(siteKey, requestingHost(req, service.consoleOrigin)));
  }

  /** Counts a hit for `key` under `limit` (none while limits are off); past the ceiling, answers 429 and is false. */
  async function within(limit: PublicLimit | undefined, key: string, res: ServerResponse) {
    if (!limit || (await limit.hitShared(key))) return true;
    sendLimited(res, limit);
    return false;
  }

  /**
   * Every POST counts against its sender's address, before anything is read. Only feedback the
   * widget stores (a valid body, from a site the installation rule admits, honeypot empty) counts
   * against the widget: junk, refused sites and filled honeypots (dropped anyway) cost their
   * sender's budget alone, so they cannot use up the widget's and lock its real visitors out.
   * Whatever is stored counts, `Origin` or not: the widget's limit bounds what reaches its owner.
   */
  async function receiveFeedback(req: IncomingMessage, res: ServerResponse, siteKey: string) {
    if (!(await within(limits?.feedbackPerIp, addressOf(req), res))) return;
    const body = await readJsonBody(req, FEEDBACK_BODY_LIMIT_BYTES);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new AppError(400, 'Request body must be a JSON object');
    }
    const input = parse(publicFeedbackInputSchema, body);
    const host = requestingHost(req, service.consoleOrigin);
    const entry = service.peek(siteKey, host) ?? (await service.config(siteKey, host));
    if (service.storesFeedback(entry, input) && !(await within(limits?.feedbackPerWidget, siteKey, res))) return;
    await service.submitFeedback(entry, input, req.headers['user-agent']);
    res.writeHead(201, RECEIVED_HEADERS);
    res.end(RECEIVED_BODY);
  }

  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    if (!url.startsWith(PREFIX)) return false;
    logWhenFinished(logger, req, res, () => clientIp(req));
    const route = routeOf(url);
    deps.observe?.(req, res, route && (route.feedback ? PUBLIC_WIDGET_ROUTES.feedback : PUBLIC_WIDGET_ROUTES.config));
    const method = req.method;
    if (method === 'OPTIONS') {
      setPublicHeaders(res);
      answerPreflight(res);
      return true;
    }
    if (route && !route.feedback && (method === 'GET' || method === 'HEAD')) {
      if (limits && !limits.configPerIp.hit(addressOf(req))) {
        sendLimited(res, limits.configPerIp);
        return true;
      }
      // The common case, answered without a single await.
      const entry = service.peek(route.siteKey, requestingHost(req, service.consoleOrigin));
      if (entry) sendConfig(req, res, entry);
      else serveUncachedConfig(req, res, route.siteKey).catch(fail(req, res));
    } else if (route?.feedback && method === 'POST') {
      receiveFeedback(req, res, route.siteKey).catch(fail(req, res));
    } else {
      fail(req, res)(notFound());
    }
    return true;
  }

  return {
    handle,
    close() {
      if (!limits) return;
      for (const limit of Object.values(limits)) limit.close();
    },
  };
}
