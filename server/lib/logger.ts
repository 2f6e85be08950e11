import { pino, type Logger } from 'pino';

export type { Logger };

/** The server's structured logger. Secrets never reach it: request logs carry paths, not queries. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'password', '*.password', 'token', '*.token'],
      censor: '[redacted]',
    },
  });
}
