// @vitest-environment jsdom
import '../testing/setup';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { clearSession, setSession } from '../stores/session-store';
import { setWorkspaceId } from '../stores/workspace-store';
import { ApiError, apiRequest, failureMessage, NO_ANSWER, NOT_AUTHENTICATED, WORKSPACE_HEADER } from './api-client';
import { onAccessChanged } from './workspace/access-changed';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession();
  setWorkspaceId(null);
});
afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('apiRequest', () => {
  test('an authenticated call without a stored token fails with User not authenticated and sends nothing', async () => {
    await expect(apiRequest('/widget', { auth: true, fallback: 'Failed to fetch widgets' })).rejects.toThrow(
      NOT_AUTHENTICATED,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('sends the stored Bearer token and JSON to the configured base path', async () => {
    setSession({ id: 'u1', name: 'Jane', email: 'jane@example.com' }, 'Bearer abc123');
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await expect(
      apiRequest('/post', { method: 'POST', body: { a: 1 }, auth: true, fallback: 'Failed to create post' }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/post');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer abc123', 'Content-Type': 'application/json' });
  });

  test('a non-OK answer throws the fallback message and keeps the server message beside it', async () => {
    fetchMock.mockResolvedValue(answer(409, { message: 'Email already registered' }));
    const error = await apiRequest('/auth/register', { method: 'POST', body: {}, fallback: 'Signup failed' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Signup failed');
    expect((error as ApiError).serverMessage).toBe('Email already registered');
    expect((error as ApiError).status).toBe(409);
  });

  test("no answer at all (offline) gives the call's fallback, never the browser's Failed to fetch", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await apiRequest('/widget', { fallback: 'Failed to load widgets' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Failed to load widgets');
    expect((error as ApiError).status).toBe(NO_ANSWER);
    expect((error as ApiError).serverMessage).toBeNull();
  });

  test("failureMessage gives a call's own words, and the fallback for any other exception", () => {
    expect(failureMessage(new ApiError('Failed to update feedback', 500, 'x'), 'Other')).toBe(
      'Failed to update feedback',
    );
    expect(failureMessage(new SyntaxError('Unexpected token < in JSON'), 'Failed to save')).toBe('Failed to save');
    expect(failureMessage('boom', 'Failed to save')).toBe('Failed to save');
  });

  test('a non-JSON error body still gives the fallback message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>502</html>', { status: 502 }));
    await expect(apiRequest('/dashboard/overview', { fallback: 'Failed to fetch stats' })).rejects.toThrow(
      'Failed to fetch stats',
    );
  });

  test('an owner request names the chosen workspace in Tellbox-Workspace', async () => {
    setSession({ id: 'u1', name: 'Jane', email: 'jane@example.com' }, 'Bearer abc123');
    setWorkspaceId('ws-2');
    fetchMock.mockResolvedValue(answer(200, { feedbacks: [] }));
    await apiRequest('/feedback', { auth: true, fallback: 'Failed to fetch feedback' });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({
      Authorization: 'Bearer abc123',
      [WORKSPACE_HEADER]: 'ws-2',
    });
  });

  test('no workspace chosen yet, or a public call: no Tellbox-Workspace (the account default applies)', async () => {
    setSession({ id: 'u1', name: 'Jane', email: 'jane@example.com' }, 'Bearer abc123');
    fetchMock.mockImplementation(async () => answer(200, {}));
    await apiRequest('/workspaces', { auth: true, fallback: 'Failed' });
    setWorkspaceId('ws-2');
    await apiRequest('/public/plans', { fallback: 'Failed' });
    for (const [, init] of fetchMock.mock.calls) expect(init?.headers).not.toHaveProperty(WORKSPACE_HEADER);
  });

  test('"Workspace not found" or a 403 in the chosen workspace tells its listeners (the role is read again)', async () => {
    setSession({ id: 'u1', name: 'Jane', email: 'jane@example.com' }, 'Bearer abc123');
    setWorkspaceId('ws-gone');
    const changed = vi.fn();
    const stop = onAccessChanged(changed);
    fetchMock.mockResolvedValueOnce(answer(404, { message: 'Feedback not found' }));
    fetchMock.mockResolvedValueOnce(answer(404, { message: 'Workspace not found' }));
    fetchMock.mockResolvedValueOnce(answer(403, { message: 'Triaging feedback needs the member role or higher.' }));
    await apiRequest('/feedback/f1', { auth: true, fallback: 'Failed' }).catch(() => undefined);
    expect(changed).not.toHaveBeenCalled();
    await apiRequest('/feedback', { auth: true, fallback: 'Failed' }).catch(() => undefined);
    expect(changed).toHaveBeenCalledWith('ws-gone');
    await apiRequest('/feedback/f1', { method: 'PATCH', auth: true, fallback: 'Failed' }).catch(() => undefined);
    expect(changed).toHaveBeenCalledTimes(2);
    stop();
  });
});
