/**
 * Errors are thrown as AppError anywhere on the server and formatted once, by `errorHandler`,
 * into the one error body of docs/api-conventions.md: `{ message, issues? }`.
 */
import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ApiErrorBody } from '../../src/shared/api';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, isUnstorableText } from './database-errors';

export type IssueList = NonNullable<ApiErrorBody['issues']>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: IssueList,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, issues?: IssueList) => new AppError(400, message, issues);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/**
 * A per-account limit is reached: 429 with `Retry-After`, the seconds until the oldest counted use
 * leaves the window (at least 1), as every 429 of the API carries (docs/api-conventions.md).
 */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** A service we depend on failed (the payment provider): ours to report, never the caller's fault. */
export const badGateway = (message: string) => new AppError(502, message);

/** How long a client should wait before trying again while the database is away. */
const RETRY_AFTER_SECONDS = 2;

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/** What body-parser and other Express internals attach to the errors they raise. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

function messageForHttpError(error: HttpLikeError, status: number): string {
  if (error.type === 'entity.parse.failed') return 'Malformed JSON in request body';
  if (error.type === 'entity.too.large') return 'Request body is too large';
  if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
    return 'Unsupported request body encoding';
  }
  if (status === 415) return 'Unsupported content type';
  return 'Invalid request';
}

/** What an error is answered with: status, the one error body, and any headers of its own. */
export interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/**
 * The answer for any error thrown while serving `request`; unexpected errors are logged with
 * their details, which never reach the client.
 */
export function errorAnswerOf(error: unknown, logger: Logger, request: { method: string; path: string }): ErrorAnswer {
  let status = 500;
  let body: ApiErrorBody = { message: GENERIC_500 };
  let headers: Record<string, string> = {};
  if (error instanceof AppError) {
    status = error.status;
    body = error.issues ? { message: error.message, issues: error.issues } : { message: error.message };
    headers = error.headers ?? {};
  } else if (isUnstorableText(error)) {
    status = 400;
    body = { message: 'Invalid request' };
  } else if (isDatabaseUnavailable(error)) {
    status = 503;
    body = { message: DATABASE_UNAVAILABLE };
    headers = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
  } else if (error && typeof error === 'object') {
    const httpError = error as HttpLikeError;
    const candidate = httpError.status ?? httpError.statusCode;
    if (candidate && candidate >= 400 && candidate < 500) {
      status = candidate;
      body = { message: messageForHttpError(httpError, status) };
    }
  }
  if (status === 503 && error instanceof AppError) {
    // Ours (stopping, a heavy read past its time): logged, if at all, where it is thrown.
  } else if (status === 503) {
    // Expected while PostgreSQL restarts: one line per request, without a stack trace.
    const { message } = error as Error;
    logger.warn({ ...request, reason: message }, 'the database is unavailable');
  } else if (status >= 500) {
    logger.error({ err: error, ...request }, 'request failed');
  }
  return { status, body, headers };
}

/** Writes an error answer on a bare Node response (the public widget API runs ahead of Express). */
export function writeErrorAnswer(res: ServerResponse, answer: ErrorAnswer) {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...answer.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** The last middleware: writes `{message, issues?}`; details of unexpected errors go to the log only. */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const answer = errorAnswerOf(error, logger, { method: req.method, path: req.path });
    if (res.headersSent) {
      res.end();
      return;
    }
    res.set(answer.headers).status(answer.status).json(answer.body);
  };
}
