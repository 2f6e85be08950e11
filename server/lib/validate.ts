/**
 * Request validation with the shared zod schemas. Parsed values are returned to the handler,
 * never written back onto `req` (in Express 5 `req.query` is read-only).
 */
import type { Request } from 'express';
import type { z } from 'zod';
import { badRequest } from './errors';

/** Parses `value` with `schema` or throws a 400 whose message is the first problem's. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  throw badRequest(first?.message ?? 'Invalid request', issues);
}

/** Parses a JSON body, which must be a JSON object. */
export function parseBody<T extends z.ZodType>(schema: T, req: Request): z.output<T> {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object');
  }
  return parse(schema, body);
}
