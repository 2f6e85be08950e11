import { pino, type Logger } from 'pino';
import { createPrettyStream } from './pretty-log';

export type { Logger };

/** How the log is written: readable lines for a person, or one JSON object per line for machines. */
export type LogFormat = 'pretty' | 'json';

/**
 * Pretty when stdout is a terminal (someone ran `npm start` and reads along), JSON otherwise: a
 * pipe, a file, CI or a container's log collector all read JSON. A log file is always JSON.
 */
export function logFormatFor(stdout: { isTTY?: boolean }, file?: string): LogFormat {
  return !file && stdout.isTTY === true ? 'pretty' : 'json';
}

/** The server's structured logger. Secrets never reach it: request logs carry paths, not queries. */
export function createLogger(level: string, file?: string, stdout: NodeJS.WriteStream = process.stdout): Logger {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'password', '*.password', 'token', '*.token'],
      censor: '[redacted]',
    },
  };
  if (file) return pino(options, pino.destination({ dest: file, sync: true }));
  // hasColors() says what the terminal shows, and honours NO_COLOR and FORCE_COLOR.
  if (logFormatFor(stdout) === 'pretty')
    return pino(options, createPrettyStream(stdout, stdout.hasColors?.() ?? false));
  return pino(options);
}
