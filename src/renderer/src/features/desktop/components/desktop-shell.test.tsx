// @vitest-environment jsdom
import '../../../testing/setup';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { noticeOwner } from '../../../lib/platform';
import { FREE_SUBSCRIPTION, useSessionStore } from '../../../stores/session-store';
import { createFakeDesktopBridge, type FakeDesktopBridge } from '../../../testing/fake-desktop-bridge';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { useServerUrlStore } from '../stores/server-url-store';
import { DesktopShell } from './desktop-shell';

const fetchMock = vi.fn<typeof fetch>();
let fake: FakeDesktopBridge;

const subscription = (plan: string) =>
  new Response(JSON.stringify({ plan, expiresAt: '2026-12-01T00:00:00.000Z', isActive: true, isToDelete: false }));

function renderShell(path = '/dashboard') {
  return renderWithProviders(
    <DesktopShell>
      <p>The screen</p>
    </DesktopShell>,
    { path },
  );
}

function logIn() {
  useSessionStore.setState({ user: { id: 'u1', name: 'Jane', email: 'j@example.com' }, token: 'Bearer t' });
}

beforeEach(() => {
  fake = createFakeDesktopBridge({ serverUrl: 'https://tellbox.example.com' });
  window.tellbox = fake.bridge;
  useServerUrlStore.setState({ loaded: false, url: null });
  useSessionStore.setState({ user: null, token: null, subscription: FREE_SUBSCRIPTION, restoring: false });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  delete window.tellbox;
  vi.unstubAllGlobals();
});

describe('first run', () => {
  test('without a server every route goes to the server screen first', async () => {
    fake.bridge.getServerUrl.mockResolvedValue(null);
    renderShell('/dashboard?x=1');
    expect(await screen.findByLabelText('location')).toHaveTextContent('/setup-server');
    expect(screen.queryByText('The screen')).not.toBeInTheDocument();
  });

  test('with a server the route shows, once the server and the session are known', async () => {
    useSessionStore.setState({ restoring: true });
    let answer: (url: string | null) => void = () => undefined;
    fake.bridge.getServerUrl.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderShell();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(async () => answer('https://tellbox.example.com'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    act(() => useSessionStore.setState({ restoring: false }));
    expect(screen.getByText('The screen')).toBeInTheDocument();
    expect(useServerUrlStore.getState().url).toBe('https://tellbox.example.com');
  });

  test('the server screen itself is not redirected', async () => {
    fake.bridge.getServerUrl.mockResolvedValue(null);
    renderShell('/setup-server');
    expect(await screen.findByText('The screen')).toBeInTheDocument();
  });
});

describe('notification clicks', () => {
  test('subscribed once; an internal /feedback route opens, anything else is ignored', async () => {
    renderShell();
    await screen.findByText('The screen');
    expect(fake.listenerCount()).toBe(1);
    act(() => {
      fake.clickNotification('https://evil.example');
      fake.clickNotification('//evil.example/feedback');
      fake.clickNotification('/settings');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('The screen')).toBeInTheDocument();
    act(() => fake.clickNotification('/feedback?widget=w1'));
    expect(await screen.findByLabelText('location')).toHaveTextContent('/feedback?widget=w1');
  });
});

describe('plan refreshed on focus', () => {
  test('a logged-in owner’s plan is re-read once per return to the window, and the data reloaded when it changed', async () => {
    logIn();
    fetchMock.mockImplementation(() => Promise.resolve(subscription('pro')));
    const { queryClient } = renderShell();
    await screen.findByText('The screen');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await vi.waitFor(() => expect(useSessionStore.getState().subscription.subscription_tier).toBe('pro'));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/user/subscription');
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['owner'] }));
  });

  test('an unchanged plan reloads nothing else; nobody logged in, nothing is asked', async () => {
    const { queryClient } = renderShell();
    await screen.findByText('The screen');
    act(() => window.dispatchEvent(new Event('focus')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();

    logIn();
    const free = { plan: 'free', expiresAt: null, isActive: false, isToDelete: false };
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(free))));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000);
    act(() => window.dispatchEvent(new Event('focus')));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(invalidate).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

describe('owner notices', () => {
  test('what the desktop layer says shows as a warning toast', async () => {
    renderShell();
    await screen.findByText('The screen');
    act(() => noticeOwner({ title: 'Keychain unavailable', description: 'Kept in memory only.' }));
    expect(await screen.findByText('Keychain unavailable')).toBeInTheDocument();
    expect(screen.getByText('Kept in memory only.')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice-warning')).not.toBeNull();
  });
});
