/**
 * A small HTTP client for API tests: real requests over loopback, answers parsed as JSON. Under
 * vitest every answer is also checked against the OpenAPI document (server/openapi): an answer the
 * document does not allow fails the request with the checker's reason.
 */
import type { AnswerChecker } from '../../server/openapi/answer-check';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON-encoding `body`. */
  rawBody?: string | Buffer;
}

let checker: Promise<{ check: AnswerChecker; inContract: (path: string) => boolean }> | undefined;

/** The checker, made once per test file; loaded lazily so the browser tests never load it. */
function answerChecker() {
  checker ??= Promise.all([import('../../server/openapi/document'), import('../../server/openapi/answer-check')]).then(
    ([{ createOpenApiDocument }, { createAnswerChecker, matchingTemplates }]) => {
      const document = createOpenApiDocument();
      return {
        check: createAnswerChecker(document),
        // The console's pages and assets are the static site's, outside the API's contract.
        inContract: (path: string) => path.startsWith('/api/') || matchingTemplates(document, path).length > 0,
      };
    },
  );
  return checker;
}

/** Throws when the OpenAPI document does not allow the answer (only under vitest). */
async function checkAgainstDocument(method: string, url: string, response: Response, body: unknown) {
  if (!process.env.VITEST) return;
  const { check, inContract } = await answerChecker();
  // A followed redirect is checked as the GET of where it led.
  const { pathname, search } = new URL(response.url || url);
  const path = pathname + search;
  if (!inContract(pathname)) return;
  const reason = check({
    method: response.redirected ? 'GET' : method,
    path,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
  });
  if (reason) throw new Error(`The OpenAPI document does not allow this answer: ${reason}`);
}

export function createApiClient(baseUrl: string) {
  async function request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let payload: string | Buffer | undefined = options.rawBody;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['Content-Type'] ??= 'application/json';
    }
    // A fresh Uint8Array (same bytes) types as a fetch body under both Node's and the DOM's typings
    // (the browser tests compile these helpers with lib DOM).
    const requestBody = typeof payload === 'string' ? payload : payload && new Uint8Array(payload);
    const url = `${baseUrl}${path}`;
    const response = await fetch(url, { method, headers, body: requestBody });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (a 304, or an HTML error page): tests read `text` instead
    }
    await checkAgainstDocument(method, url, response, parsed);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  return {
    request,
    get: <T = Record<string, unknown>>(path: string, options?: RequestOptions) =>
      request<T>('GET', path, undefined, options),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, body, options),
    put: <T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, body, options),
    patch: <T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, body, options),
    delete: <T = Record<string, unknown>>(path: string, options?: RequestOptions) =>
      request<T>('DELETE', path, undefined, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
