import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * One structured line per request, written when the answer is finished. Only the path is
 * logged: query strings can carry e-mailed tokens, and headers carry bearer tokens.
 */
export function createRequestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (!logger.isLevelEnabled('info')) {
      next();
      return;
    }
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
    next();
  };
}
