import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

/**
 * Logs one structured line for a request when its answer is finished. Only the path is logged:
 * query strings can carry e-mailed tokens, and headers carry bearer tokens.
 */
export function logWhenFinished(logger: Logger, req: Request, res: Response) {
  if (!logger.isLevelEnabled('info')) return;
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info(
      {
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        ip: req.ip,
      },
      'request',
    );
  });
}

/** The request log as a middleware, for everything but the public widget API (which logs itself). */
export function createRequestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    logWhenFinished(logger, req, res);
    next();
  };
}
