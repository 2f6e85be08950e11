import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * Logs one structured line for a request when its answer is finished. Only the path is logged:
 * query strings can carry e-mailed tokens, and headers carry bearer tokens. `ipOf` is read only
 * when the line is logged.
 */
export function logWhenFinished(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  ipOf: () => string | undefined,
) {
  if (!logger.isLevelEnabled('info')) return;
  const started = process.hrtime.bigint();
  // Read now: Express rewrites req.url inside mounted routers.
  const path = (req.url ?? '').split('?')[0];
  const method = req.method;
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info({ method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10, ip: ipOf() }, 'request');
  });
}

/** The request log as a middleware, for everything but the public widget API (which logs itself). */
export function createRequestLog(logger: Logger): RequestHandler {
  return (req: Request, res, next) => {
    logWhenFinished(logger, req, res, () => req.ip);
    next();
  };
}
