/**
 * Checks an answer the server gave against the OpenAPI document: the operation exists, the status
 * is documented (or is an error the `default` answer covers), the content type is one the status
 * documents, and a JSON body is valid against that status's schema. The API tests run every answer
 * they receive through it; the fuzzer does the same with the answers to its requests.
 */
import type { oas31 } from 'zod-openapi';
import type { OpenApiDocument } from './document';
import { matchOperation, matchingTemplates, pathOnly, type MatchedOperation } from './match-operation';
import { createSchemaValidator, type SchemaValidator } from './schema-validator';

export { matchOperation, matchingTemplates, type MatchedOperation } from './match-operation';

export interface RecordedAnswer {
  method: string;
  /** The concrete path, with or without its query string. */
  path: string;
  status: number;
  /** The `Content-Type` header as sent, or null without one. */
  contentType: string | null;
  /** The parsed JSON body, or undefined when there was none or it was not JSON. */
  body: unknown;
}

/** Null when the document allows the answer, else a one-line reason naming the operation. */
export type AnswerChecker = (answer: RecordedAnswer) => string | null;

/** Statuses a path no operation documents may answer: the API's own 404, and 401 before it without a token. */
const UNDOCUMENTED_PATH_STATUSES = new Set([401, 404]);

const mediaTypeOf = (contentType: string | null) => contentType?.split(';')[0]?.trim().toLowerCase() ?? null;
const isJsonMediaType = (type: string) => type === 'application/json' || type.endsWith('+json');

function isReference(value: unknown): value is oas31.ReferenceObject {
  return typeof value === 'object' && value !== null && '$ref' in value;
}

/** The response the document gives for `status`: its own, its range (`4XX`), or `default` for errors. */
function responseFor(operation: oas31.OperationObject, status: number): oas31.ResponseObject | undefined {
  const responses: Record<string, unknown> = operation.responses ?? {};
  const candidates = [String(status), `${Math.floor(status / 100)}XX`, ...(status >= 400 ? ['default'] : [])];
  for (const key of candidates) {
    const response = responses[key];
    if (response && !isReference(response)) return response as oas31.ResponseObject;
  }
  return undefined;
}

/** The documented media type an answer's content type falls under (`text/*` and `*\/*` included). */
function documentedMediaType(content: oas31.ContentObject, type: string): oas31.MediaTypeObject | undefined {
  const [major] = type.split('/');
  return content[type] ?? content[`${major}/*`] ?? content['*/*'];
}

export function createAnswerChecker(document: OpenApiDocument): AnswerChecker {
  const validator: SchemaValidator = createSchemaValidator(document);
  const jsonError = document.components?.schemas?.ApiError;

  function checkUndocumentedPath(answer: RecordedAnswer): string | null {
    const where = `${answer.method.toUpperCase()} ${pathOnly(answer.path)}`;
    const known = matchingTemplates(document, answer.path).length > 0;
    // Express answers OPTIONS on each of its routes by itself: 200, the methods in `Allow`, no CORS.
    if (known && answer.method.toUpperCase() === 'OPTIONS' && answer.status === 200) return null;
    const what = known ? `no operation documents ${where}` : `no path of the document matches ${where}`;
    if (!UNDOCUMENTED_PATH_STATUSES.has(answer.status)) return `${what}, which answered ${answer.status}`;
    if (jsonError && mediaTypeOf(answer.contentType) === 'application/json') {
      const validate = validator.validatorFor(jsonError);
      if (!validate(answer.body))
        return `${what}: its ${answer.status} is not the error body: ${validator.errorsText(validate)}`;
    }
    return null;
  }

  function checkBody(matched: MatchedOperation, answer: RecordedAnswer, response: oas31.ResponseObject): string | null {
    const type = mediaTypeOf(answer.contentType);
    const status = answer.status;
    if (!response.content) {
      if (type && isJsonMediaType(type) && answer.body !== undefined) {
        return `${matched.name}: ${status} documents no body, but a JSON body came`;
      }
      return null;
    }
    // HEAD answers and 304s carry the headers of a body they do not send.
    if (answer.method.toUpperCase() === 'HEAD' || status === 304) return null;
    if (!type) return `${matched.name}: ${status} came without a Content-Type`;
    const media = documentedMediaType(response.content, type);
    if (!media) {
      const documented = Object.keys(response.content).join(', ');
      return `${matched.name}: ${status} came as ${type}; documented: ${documented}`;
    }
    if (!isJsonMediaType(type) || !media.schema) return null;
    const validate = validator.validatorFor(media.schema);
    if (validate(answer.body)) return null;
    return `${matched.name}: the ${status} body does not match its schema: ${validator.errorsText(validate)}`;
  }

  return (answer) => {
    const matched = matchOperation(document, answer.method, answer.path);
    if (!matched) return checkUndocumentedPath(answer);
    const response = responseFor(matched.operation, answer.status);
    if (!response) return `${matched.name}: status ${answer.status} is not documented`;
    return checkBody(matched, answer, response);
  };
}
