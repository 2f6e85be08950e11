/**
 * Finds the documented operation a concrete request is for: `GET /api/widget/abc/installations?limit=5`
 * is `listInstallations` on `/api/widget/{id}/installations`. A fixed segment wins over a
 * template one, as Express's route order makes `/api/feedback/summary` win over `/api/feedback/{id}`.
 */
import type { oas31 } from 'zod-openapi';
import type { OpenApiDocument } from './document';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface MatchedOperation {
  /** The path as the document writes it, e.g. `/api/widget/{id}`. */
  template: string;
  method: HttpMethod;
  operation: oas31.OperationObject;
  /** The path parameters, still percent-encoded as the request had them. */
  params: Record<string, string>;
  /** `operationId (METHOD template)`: how reasons name the operation. */
  name: string;
}

const segmentsOf = (path: string) => path.split('/').slice(1);
const isTemplate = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/** The path without its query string, and without the trailing slash Express would ignore. */
export function pathOnly(path: string): string {
  const bare = path.split('?')[0]?.split('#')[0] ?? '';
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
}

function paramsIfMatches(template: string, path: string): Record<string, string> | undefined {
  const wanted = segmentsOf(template);
  const given = segmentsOf(path);
  if (wanted.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index] ?? '';
    if (isTemplate(segment)) {
      if (!value) return undefined;
      params[segment.slice(1, -1)] = value;
    } else if (segment !== value) return undefined;
  }
  return params;
}

/** Sorts fixed segments ahead of templated ones, segment by segment. */
function bySpecificity(a: string, b: string): number {
  const left = segmentsOf(a);
  const right = segmentsOf(b);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const difference = Number(isTemplate(left[index] ?? '')) - Number(isTemplate(right[index] ?? ''));
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The path templates that match `path`, most specific first. */
export function matchingTemplates(document: OpenApiDocument, path: string): string[] {
  const bare = pathOnly(path);
  return Object.keys(document.paths ?? {})
    .filter((template) => paramsIfMatches(template, bare))
    .sort(bySpecificity);
}

/**
 * The operation for `method` on `path` (query allowed), or undefined. HEAD falls back to GET, as
 * every GET route answers HEAD.
 */
export function matchOperation(document: OpenApiDocument, method: string, path: string): MatchedOperation | undefined {
  const found = HTTP_METHODS.find((known) => known === method.toLowerCase());
  if (!found) return undefined;
  const bare = pathOnly(path);
  for (const template of matchingTemplates(document, bare)) {
    const item = document.paths?.[template];
    if (!item) continue;
    const own = item[found];
    const operation = own ?? (found === 'head' ? item.get : undefined);
    if (!operation) continue;
    const params = paramsIfMatches(template, bare) ?? {};
    const name = `${operation.operationId ?? '(no operationId)'} (${method.toUpperCase()} ${template})`;
    return { template, method: own ? found : 'get', operation, params, name };
  }
  return undefined;
}
