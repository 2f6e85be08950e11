/**
 * The one HTTP client of the renderer. Paths are relative to the configured API base; calls that
 * need the session send the stored `Bearer` token, and the chosen workspace as `Tellbox-Workspace`
 * (the server reads every owner route in that workspace). A non-OK answer throws an `ApiError`
 * whose message is the call's fallback (docs/product.md §8); the server's own message is kept
 * beside it.
 */
import type { ApiErrorBody } from '../../../shared/api';
import { env } from '../config/env';
import { useSessionStore } from '../stores/session-store';
import { useWorkspaceStore } from '../stores/workspace-store';
import { notifyAccessChanged, WORKSPACE_NOT_FOUND } from './workspace/access-changed';

export const NOT_AUTHENTICATED = 'User not authenticated';

/** The request header that picks the workspace of an owner request. */
export const WORKSPACE_HEADER = 'Tellbox-Workspace';

/** The status of an `ApiError` for a request that got no answer at all (offline, server down). */
export const NO_ANSWER = 0;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage: string | null,
    readonly issues: ApiErrorBody['issues'] = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The words a person sees for a failed call: the call's own fallback (an `ApiError`'s message),
 * else `fallback`. Never an exception's own text, which is a library's (a `TypeError`, a parse error).
 */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Query parameters, appended to the path. */
  query?: Record<string, string>;
  /** Send the stored token; throws `User not authenticated` without one. */
  auth?: boolean;
  /** This call's fallback message (docs/product.md §8), for an answer that is not OK. */
  fallback: string;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  return (await readJson(await apiResponse(path, options))) as T;
}

/**
 * The request behind `apiRequest`, for an answer that is not JSON (a file): the response once it
 * is OK, its body not yet read; the same `ApiError` otherwise.
 */
export async function apiResponse(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  // Read once, before the request goes: an answer is judged against the workspace it was asked in.
  const workspaceId = options.auth ? useWorkspaceStore.getState().workspaceId : null;
  if (options.auth) {
    const token = useSessionStore.getState().token;
    if (!token) throw new Error(NOT_AUTHENTICATED);
    headers.Authorization = token;
    if (workspaceId) headers[WORKSPACE_HEADER] = workspaceId;
  }
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}${path}${query}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    // Offline, or the server is unreachable: the browser's own words ("Failed to fetch", "Load
    // failed", "NetworkError when attempting…") never reach a person; the call's fallback does.
    throw new ApiError(options.fallback, NO_ANSWER, null);
  }
  if (!response.ok) {
    const body = ((await readJson(response)) ?? {}) as Partial<ApiErrorBody>;
    const serverMessage = typeof body.message === 'string' ? body.message : null;
    // Removed from the workspace, or a role lowered meanwhile: the console reads the list again.
    const refused = response.status === 403 || (response.status === 404 && serverMessage === WORKSPACE_NOT_FOUND);
    if (workspaceId && refused) notifyAccessChanged(workspaceId);
    throw new ApiError(options.fallback, response.status, serverMessage, body.issues);
  }
  return response;
}
