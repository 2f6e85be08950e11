/**
 * Records what members do through the routes that declare it: an owner operation of the OpenAPI
 * contract names its `x-activity` (`{ action, target }`), and once the route has succeeded the
 * entry is written, before the answer leaves, so a log read right after shows it. What a route
 * was done to is read from the request: the path's id (or the answer's, for what it created), and
 * a name from the body (a widget's name, a post's title, a webhook's URL, a status).
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../../lib/logger';
import type { OpenApiDocument } from '../../openapi/document';
import { matchOperation } from '../../openapi/match-operation';
import type { ActivityLog, ActivityTarget } from './activity.service';

interface Declared {
  action: string;
  target: string;
}

function declaredOn(operation: Record<string, unknown>): Declared | undefined {
  const declared = operation['x-activity'] as Partial<Declared> | undefined;
  return typeof declared?.action === 'string' && typeof declared.target === 'string'
    ? { action: declared.action, target: declared.target }
    : undefined;
}

/** The id of what a create answered with: `{ widget: { _id } }`, `{ id }`, … */
function createdId(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  for (const value of [body, ...Object.values(body)]) {
    if (value && typeof value === 'object') {
      const id = (value as { _id?: unknown; id?: unknown })._id ?? (value as { id?: unknown }).id;
      if (typeof id === 'string') return id;
    }
  }
  return undefined;
}

/** A short name for the target, from what the request sent. */
function nameOf(req: Request): string | undefined {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of ['name', 'title', 'url', 'plan', 'format', 'status'] as const) {
    if (typeof body[key] === 'string') parts.push(String(body[key]));
  }
  if (typeof req.query.format === 'string') parts.push(req.query.format);
  if ('assigneeId' in body) parts.push(body.assigneeId === null ? 'unassigned' : 'assigned');
  if (Array.isArray(body.ids)) parts.unshift(`${body.ids.length} entries`);
  if (typeof req.params.host === 'string') parts.push(req.params.host);
  return parts.length > 0 ? parts.join(', ').slice(0, 200) : undefined;
}

export function createActivityRecorder(deps: {
  document: OpenApiDocument;
  activity: ActivityLog;
  logger: Logger;
}): RequestHandler {
  const { document, activity, logger } = deps;
  return (req, res: Response, next) => {
    const matched = matchOperation(document, req.method, req.originalUrl);
    const declared = matched && declaredOn(matched.operation as Record<string, unknown>);
    const workspace = res.locals.workspace as { id: string; account: { id: string; name: string } } | undefined;
    if (!declared || !workspace || !matched) return next();
    const record = (answered?: unknown) => {
      const target: ActivityTarget = { type: declared.target };
      const id = matched.params.id ?? createdId(answered);
      if (id) target.id = decodeURIComponent(id);
      const name = nameOf(req);
      if (name) target.name = name;
      return activity.record({ workspaceId: workspace.id, actor: workspace.account, action: declared.action, target });
    };
    let recorded = false;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 300) return json(body);
      recorded = true;
      record(body).then(
        () => json(body),
        (error: unknown) => {
          logger.error({ err: error, action: declared.action }, 'an activity entry could not be recorded');
          json(body);
        },
      );
      return res;
    };
    // An answer streamed rather than sent as one JSON body (an export) is recorded once it is sent.
    res.on('finish', () => {
      if (recorded || res.statusCode >= 300) return;
      record().catch((error: unknown) => logger.error({ err: error }, 'an activity entry could not be recorded'));
    });
    next();
  };
}
