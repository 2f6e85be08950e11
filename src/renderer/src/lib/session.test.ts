// @vitest-environment jsdom
import '../testing/setup';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FREE_SUBSCRIPTION, useSessionStore } from '../stores/session-store';
import { createFakeDesktopBridge } from '../testing/fake-desktop-bridge';
import { createDesktopStorage } from './desktop-storage';
import { endSession, logOut, refreshSubscription, restoreSession, startSession, updateStoredToken } from './session';
import { createBrowserStorage, setStorage } from './storage';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  setStorage(createBrowserStorage(window.localStorage, window.sessionStorage));
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

  test('Logout asks the server to revoke the token in hand, and ends the session even when that fails', () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith('/auth/logout')) throw new TypeError('Failed to fetch');
      return subscription('pro');
    });
    startSession({ id: 'u1', name: 'Jane', email: 'jane@example.com', token: 'tok' });
    logOut();
    const logout = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/logout'));
    expect(logout?.[1]).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer tok' } });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ user: null, token: null });
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

describe('session in the desktop app (token in the keychain)', () => {
  const USER = { id: 'u1', name: 'Jane', email: 'jane@example.com' };

  function desktop(token: string | null = null) {
    const fake = createFakeDesktopBridge({ token });
    const base = createBrowserStorage(window.localStorage, window.sessionStorage);
    setStorage(createDesktopStorage(fake.bridge, base, () => undefined));
    return fake;
  }

  test('restoring waits for the keychain token, then restores the session', async () => {
    window.localStorage.setItem('user', JSON.stringify(USER));
    const fake = desktop('Bearer kept');
    let answer: (token: string | null) => void = () => undefined;
    fake.bridge.getToken.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    fetchMock.mockResolvedValue(subscription('pro'));
    const restoring = restoreSession();
    await Promise.resolve();
    expect(useSessionStore.getState()).toMatchObject({ restoring: true, user: null });
    answer('Bearer kept');
    await restoring;
    expect(useSessionStore.getState()).toMatchObject({ restoring: false, user: USER, token: 'Bearer kept' });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer kept' });
  });

  test('no token in the keychain: no session, even with a stored user', async () => {
    window.localStorage.setItem('user', JSON.stringify(USER));
    desktop(null);
    await restoreSession();
    expect(useSessionStore.getState()).toMatchObject({ restoring: false, user: null, token: null });
  });

  test('login, password change and logout keep the keychain in step; localStorage holds only the user', async () => {
    const fake = desktop();
    fetchMock.mockResolvedValue(subscription('free'));
    startSession({ ...USER, token: 'first' });
    await vi.waitFor(() => expect(fake.keychain.token).toBe('Bearer first'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(USER);

    updateStoredToken('second');
    await vi.waitFor(() => expect(fake.keychain.token).toBe('Bearer second'));
    expect(useSessionStore.getState().token).toBe('Bearer second');

    endSession();
    await vi.waitFor(() => expect(fake.bridge.clearToken).toHaveBeenCalledOnce());
    expect(fake.keychain.token).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('first');
  });
});

describe('refreshSubscription', () => {
  test('callers in the same moment share one request; a later caller gets a fresh one', async () => {
    useSessionStore.setState({ user: { id: 'u1', name: 'Jane', email: 'j@example.com' }, token: 'Bearer t' });
    fetchMock.mockImplementation(() => Promise.resolve(subscription('pro')));
    await Promise.all([refreshSubscription(), refreshSubscription()]);
    expect(fetchMock).toHaveBeenCalledOnce();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await refreshSubscription();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(useSessionStore.getState().subscription.subscription_tier).toBe('pro');
  });

  test('an answer for a session that has ended meanwhile is dropped', async () => {
    useSessionStore.setState({ user: { id: 'u1', name: 'Jane', email: 'j@example.com' }, token: 'Bearer t' });
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const refreshing = refreshSubscription();
    endSession();
    answer(subscription('premium'));
    await refreshing;
    expect(useSessionStore.getState().subscription).toEqual(FREE_SUBSCRIPTION);
  });
});
