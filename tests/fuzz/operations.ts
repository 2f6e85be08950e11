/**
 * The operations of an OpenAPI 3.1 document, flattened for the fuzzer: method, path template,
 * parameters with their schemas, the JSON body's schema, and whether a bearer token is needed.
 */
import type { JsonSchema } from './json-schema';

export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** operationId, else `METHOD /path`. */
  id: string;
  method: string;
  /** The template, e.g. `/api/widget/{id}`. */
  path: string;
  parameters: OperationParameter[];
  body?: { schema: JsonSchema; required: boolean };
  /** Needs the owner's bearer token (security is not `[]`). */
  owner: boolean;
  /** What the document leaves out that the fuzzer had to assume (a path parameter it does not declare). */
  notes: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface RawParameter {
  name?: string;
  in?: string;
  required?: boolean;
  schema?: JsonSchema;
  $ref?: string;
}

interface RawOperation {
  operationId?: string;
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }>; $ref?: string };
  security?: unknown[];
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Follows a `#/components/...` reference of a parameter or request body. */
function deref<T extends { $ref?: string }>(value: T, document: unknown): T {
  if (!value.$ref?.startsWith('#/')) return value;
  let target: unknown = document;
  for (const key of value.$ref.slice(2).split('/')) target = asRecord(target)[key];
  return (target ?? {}) as T;
}

function parametersOf(raw: RawParameter[] | undefined, document: unknown): OperationParameter[] {
  return (raw ?? [])
    .map((parameter) => deref(parameter, document))
    .filter((p): p is RawParameter & { name: string } => typeof p.name === 'string')
    .map((p) => ({
      name: p.name,
      in: (p.in ?? 'query') as OperationParameter['in'],
      required: p.in === 'path' || p.required === true,
      schema: p.schema ?? { type: 'string' },
    }));
}

export function operationsOf(document: unknown): Operation[] {
  const root = asRecord(document);
  const defaultSecurity = Array.isArray(root.security) ? root.security : [];
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(asRecord(root.paths))) {
    const item = asRecord(rawItem);
    const shared = parametersOf(item.parameters as RawParameter[] | undefined, document);
    for (const method of METHODS) {
      if (!item[method]) continue;
      const operation = item[method] as RawOperation;
      const own = parametersOf(operation.parameters, document);
      // An operation's parameter replaces the path item's one of the same name and place.
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      const notes: string[] = [];
      for (const [, name = ''] of path.matchAll(/\{([^}]+)\}/g)) {
        if (parameters.some((p) => p.in === 'path' && p.name === name)) continue;
        notes.push(`path parameter {${name}} is not declared; fuzzed as a string`);
        parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      }
      const requestBody = operation.requestBody && deref(operation.requestBody, document);
      const jsonSchema = requestBody?.content?.['application/json']?.schema;
      const security = operation.security ?? defaultSecurity;
      operations.push({
        id: operation.operationId ?? `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters,
        body: requestBody ? { schema: jsonSchema ?? {}, required: requestBody.required === true } : undefined,
        owner: security.some((requirement) => Object.keys(asRecord(requirement)).length > 0),
        notes,
      });
    }
  }
  return operations;
}
