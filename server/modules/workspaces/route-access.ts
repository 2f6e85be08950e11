/**
 * Who may call which owner route, enforced in one place: each owner operation of the OpenAPI
 * contract names its permission (`x-permission`, from src/shared/roles.ts), and this middleware,
 * behind `requireAuth`, finds the request's operation, resolves the workspace the request is
 * about (`Tellbox-Workspace`, or the asker's default), and refuses a role the table does not
 * allow with 403 naming the role needed. A workspace the asker is not a member of is 404, as
 * another owner's resource always is.
 */
import type { RequestHandler } from 'express';
import { can, isPermission, refusal, type Permission } from '../../../src/shared/roles';
import { currentUser } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import type { OpenApiDocument } from '../../openapi/document';
import { HTTP_METHODS, matchOperation } from '../../openapi/match-operation';
import type { WorkspaceAccessRepo } from './workspace-access.repo';
import { WORKSPACE_HEADER } from './workspace-access';

export const WORKSPACE_MESSAGES = {
  notFound: 'Workspace not found',
  none: 'You are not in any workspace yet. Create one, or accept an invitation.',
} as const;

/** The permission an operation declares; `undefined` for a public one. */
export function permissionOf(operation: { security?: unknown[]; 'x-permission'?: unknown }): Permission | undefined {
  const permission = operation['x-permission'];
  return isPermission(permission) ? permission : undefined;
}

/** Every owner operation must name its permission: a route without one would be open to viewers. */
function assertEveryOwnerRouteHasAPermission(document: OpenApiDocument) {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      const isOwner = operation?.security?.some((scheme) => 'bearerAuth' in scheme);
      if (operation && isOwner && !permissionOf(operation)) {
        throw new Error(`${method.toUpperCase()} ${path} is an owner route without a permission`);
      }
    }
  }
}

export function createRouteAccess(deps: {
  document: OpenApiDocument;
  access: WorkspaceAccessRepo;
  /** The workspace a request named becomes the account's default: the one it chose last. */
  rememberChoice: (accountId: string, workspaceId: string) => Promise<void>;
}): RequestHandler {
  const { document, access, rememberChoice } = deps;
  assertEveryOwnerRouteHasAPermission(document);
  return async (req, res, next) => {
    const matched = matchOperation(document, req.method, req.originalUrl);
    const permission = matched && permissionOf(matched.operation);
    if (!permission || permission === 'account') return next();
    const named = req.get(WORKSPACE_HEADER)?.trim() || undefined;
    const workspace = await access.find(currentUser(res), named);
    if (!workspace) throw notFound(named ? WORKSPACE_MESSAGES.notFound : WORKSPACE_MESSAGES.none);
    const selfParam = matched.operation['x-self'];
    const onSelf = typeof selfParam === 'string' && matched.params[selfParam] === workspace.account.id;
    if (!onSelf && !can(workspace.role, permission)) throw forbidden(refusal(permission));
    if (named && named !== currentUser(res).lastWorkspaceId) await rememberChoice(workspace.account.id, named);
    res.locals.workspace = workspace;
    next();
  };
}
