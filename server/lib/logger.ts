import { pino, type Logger } from 'pino';

export type { Logger };

/** The server's structured logger. Secrets never reach it: request logs carry paths, not queries. */
export function createLogger(level: string, file?: string): Logger {
  const destination = file ? pino.destination({ dest: file, sync: true }) : undefined;
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'password', '*.password', 'token', '*.token'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
