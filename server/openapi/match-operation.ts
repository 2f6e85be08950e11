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

interface CompiledTemplate {
  template: string;
  segments: string[];
  /** Per segment: the parameter's name, or undefined for a fixed segment. */
  params: (string | undefined)[];
}

/**
 * Each document's templates split once, most specific first: the route-access check matches every
 * owner request, and splitting and sorting ~80 templates each time cost ~20 µs a request.
 */
const compiledTemplates = new WeakMap<OpenApiDocument, CompiledTemplate[]>();

function templatesOf(document: OpenApiDocument): CompiledTemplate[] {
  let compiled = compiledTemplates.get(document);
  if (!compiled) {
    // By length first: bySpecificity only orders templates of the same length (the only ones
    // that can match the same path), and a sort needs a consistent order across all of them.
    compiled = Object.keys(document.paths ?? {})
      .sort((a, b) => segmentsOf(a).length - segmentsOf(b).length || bySpecificity(a, b))
      .map((template) => {
        const segments = segmentsOf(template);
        return {
          template,
          segments,
          params: segments.map((segment) => (isTemplate(segment) ? segment.slice(1, -1) : undefined)),
        };
      });
    compiledTemplates.set(document, compiled);
  }
  return compiled;
}

/** The parameters of `path` under a compiled template, or undefined when it does not match. */
function paramsUnder(compiled: CompiledTemplate, given: string[]): Record<string, string> | undefined {
  if (compiled.segments.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of compiled.segments.entries()) {
    const value = given[index] ?? '';
    const name = compiled.params[index];
    if (name !== undefined) {
      if (!value) return undefined;
      params[name] = value;
    } else if (segment !== value) return undefined;
  }
  return params;
}

/** The path templates that match `path`, most specific first. */
export function matchingTemplates(document: OpenApiDocument, path: string): string[] {
  const given = segmentsOf(pathOnly(path));
  return templatesOf(document)
    .filter((compiled) => paramsUnder(compiled, given))
    .map((compiled) => compiled.template);
}

/**
 * The operation for `method` on `path` (query allowed), or undefined. HEAD falls back to GET, as
 * every GET route answers HEAD.
 */
export function matchOperation(document: OpenApiDocument, method: string, path: string): MatchedOperation | undefined {
  const found = HTTP_METHODS.find((known) => known === method.toLowerCase());
  if (!found) return undefined;
  const given = segmentsOf(pathOnly(path));
  for (const compiled of templatesOf(document)) {
    const params = paramsUnder(compiled, given);
    if (!params) continue;
    const item = document.paths?.[compiled.template];
    if (!item) continue;
    const own = item[found];
    const operation = own ?? (found === 'head' ? item.get : undefined);
    if (!operation) continue;
    const name = `${operation.operationId ?? '(no operationId)'} (${method.toUpperCase()} ${compiled.template})`;
    return { template: compiled.template, method: own ? found : 'get', operation, params, name };
  }
  return undefined;
}
