/**
 * Small builders for the OpenAPI document's operations, so each route reads as its id, its input
 * and its answers. Every operation gets the error body as its `default` answer
 * (docs/api-conventions.md, "Errors"); owner routes also get their bearer token and its 401.
 */
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import type { z } from 'zod';
import type { Permission } from '../../src/shared/roles';
import { apiErrorSchema } from '../../src/shared/schemas/responses/common';

/** When each error status is answered (docs/api-conventions.md, "Status codes"). */
const ERROR_DESCRIPTIONS = {
  400: 'Invalid input: a validation error (with `issues`), malformed JSON, a body that is not an object, or a rule the service checks.',
  401: 'No bearer token, or one that is unknown, revoked or expired.',
  403: 'Allowed to ask, but not this: a plan limit, an unconfirmed e-mail, a site the widget does not serve.',
  404: "Unknown, or not yours: another owner's resource is 404, never 403.",
  409: 'A conflict with the current state.',
  413: 'Request body is too large.',
  415: 'The body is not of an accepted content type.',
  429: 'Rate limited: `Retry-After` says how many seconds to wait.',
  502: 'A service Tellbox depends on failed (Stripe, the mail server).',
  503: 'The database is away (`Retry-After: 2`), the server is stopping, or a search, count, export or dashboard read ran past its time on PostgreSQL (the message says which; no `Retry-After`).',
} satisfies Record<number, string>;

export type HttpStatus = keyof typeof ERROR_DESCRIPTIONS;

/** A JSON answer. */
export function json(description: string, schema: z.ZodType): ZodOpenApiResponseObject {
  return { description, content: { 'application/json': { schema } } };
}

/** An answer of another media type; its body is described in words. */
export function media(description: string, type: string, schema: z.ZodType): ZodOpenApiResponseObject {
  return { description, content: { [type]: { schema } } };
}

/** Error answers with the one error body, each explained. */
export function errors(...statuses: HttpStatus[]): ZodOpenApiResponsesObject {
  return Object.fromEntries(
    statuses.map((status) => [String(status), json(ERROR_DESCRIPTIONS[status], apiErrorSchema)]),
  );
}

const DEFAULT_ERROR = {
  // Node's HTTP server answers this one itself, before Tellbox sees the request.
  431: { description: "The request line or headers are too large (Node's HTTP server answers, with no body)." },
  default: json('Any other error (413, 415, 500, 503, …), with the one error body.', apiErrorSchema),
};

/** A JSON request body. */
export function jsonBody(schema: z.ZodType, description?: string): ZodOpenApiOperationObject['requestBody'] {
  return { required: true, description, content: { 'application/json': { schema } } };
}

type OperationInput = Omit<ZodOpenApiOperationObject, 'operationId' | 'security'> & { operationId: string };

/** A route anyone may call: no bearer token. (`parameters` is always there, if only empty.) */
export function publicOperation(operation: OperationInput): ZodOpenApiOperationObject {
  return { parameters: [], ...operation, security: [], responses: { ...operation.responses, ...DEFAULT_ERROR } };
}

/** Picks the workspace of a workspace's route; documented on each (docs/api-conventions.md, "Workspaces and roles"). */
const WORKSPACE_HEADER_PARAMETER = {
  name: 'Tellbox-Workspace',
  in: 'header',
  required: false,
  description:
    "The workspace's id. Without it, the account's default: the one it chose last, or its own. One it is not a member of is 404.",
  schema: { type: 'string' },
} as const;

/**
 * An owner route, behind `Authorization: Bearer <token>`, allowed to the roles its `permission`
 * allows (src/shared/roles.ts; enforced by server/modules/workspaces/route-access.ts). Every
 * route but the account's own is about a workspace: it takes `Tellbox-Workspace`, and answers 403
 * to a role the permission does not allow.
 */
export function ownerOperation(
  operation: OperationInput & {
    permission: Permission;
    /** The path parameter naming an account: acting on oneself needs no permission (leaving). */
    self?: string;
    /** What the activity log records when it succeeds (server/modules/activity/activity-recorder.ts). */
    activity?: { action: string; target: string };
  },
): ZodOpenApiOperationObject {
  const { permission, self, activity, ...rest } = operation;
  const forWorkspace = permission !== 'account';
  const roleRefusal = {
    403: json(`${ERROR_DESCRIPTIONS[403]} Or a role that may not: the message names the role needed.`, apiErrorSchema),
  };
  return {
    ...rest,
    parameters: [...(rest.parameters ?? []), ...(forWorkspace ? [WORKSPACE_HEADER_PARAMETER] : [])],
    security: [{ bearerAuth: [] }],
    'x-permission': permission,
    ...(self ? { 'x-self': self } : {}),
    ...(activity ? { 'x-activity': activity } : {}),
    responses: {
      ...(forWorkspace ? roleRefusal : {}),
      ...rest.responses,
      ...errors(401),
      ...DEFAULT_ERROR,
    },
  };
}
