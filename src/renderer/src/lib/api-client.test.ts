// @vitest-environment jsdom
import '../testing/setup';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { clearSession, setSession } from '../stores/session-store';
import { ApiError, apiRequest, NOT_AUTHENTICATED } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession();
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

  test('a non-JSON error body still gives the fallback message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>502</html>', { status: 502 }));
    await expect(apiRequest('/dashboard/overview', { fallback: 'Failed to fetch stats' })).rejects.toThrow(
      'Failed to fetch stats',
    );
  });
});
