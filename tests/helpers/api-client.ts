/** A small HTTP client for API tests: real requests over loopback, answers parsed as JSON. */

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
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: requestBody });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (a 304, or an HTML error page): tests read `text` instead
    }
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
