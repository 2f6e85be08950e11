// @vitest-environment jsdom
import '../testing/setup';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FREE_SUBSCRIPTION, useSessionStore } from '../stores/session-store';
import { endSession, restoreSession, startSession } from './session';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  window.localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ user: null, token: null, subscription: FREE_SUBSCRIPTION, restoring: true });
});
afterEach(() => vi.unstubAllGlobals());

const subscription = (plan: string) =>
  new Response(JSON.stringify({ plan, expiresAt: '2026-12-01T00:00:00.000Z', isActive: true, isToDelete: false }), {
    status: 200,
  });

describe('session', () => {
  test('logging in stores the user and the token with the Bearer prefix, then reads the subscription', async () => {
    fetchMock.mockResolvedValue(subscription('pro'));
    startSession({ id: 'u1', name: 'Jane', email: 'jane@example.com', token: 'tok' });
    expect(window.localStorage.getItem('token')).toBe('Bearer tok');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({
      id: 'u1',
      name: 'Jane',
      email: 'jane@example.com',
    });
    await vi.waitFor(() => expect(useSessionStore.getState().subscription.subscription_tier).toBe('pro'));
    expect(useSessionStore.getState().subscription).toMatchObject({ subscribed: true, isActive: true });
  });

  test('logging out clears user and token and resets the subscription to the free default', () => {
    fetchMock.mockResolvedValue(subscription('premium'));
    startSession({ id: 'u1', name: 'Jane', email: 'jane@example.com', token: 'tok' });
    endSession();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ user: null, token: null, subscription: FREE_SUBSCRIPTION });
  });

  test('a stored session is restored at start; a failed subscription check falls back to free', async () => {
    window.localStorage.setItem('user', JSON.stringify({ id: 'u1', name: 'Jane', email: 'jane@example.com' }));
    window.localStorage.setItem('token', 'Bearer tok');
    fetchMock.mockResolvedValue(new Response('{"message":"nope"}', { status: 500 }));
    await restoreSession();
    expect(useSessionStore.getState()).toMatchObject({
      user: { name: 'Jane' },
      token: 'Bearer tok',
      restoring: false,
      subscription: FREE_SUBSCRIPTION,
    });
  });

  test('an unparsable stored user is removed', async () => {
    window.localStorage.setItem('user', '{not json');
    window.localStorage.setItem('token', 'Bearer tok');
    await restoreSession();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ user: null, restoring: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
