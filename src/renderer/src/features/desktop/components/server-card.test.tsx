// @vitest-environment jsdom
import '../../../testing/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createDesktopStorage } from '../../../lib/desktop-storage';
import { createBrowserStorage, setStorage } from '../../../lib/storage';
import { FREE_SUBSCRIPTION, useSessionStore } from '../../../stores/session-store';
import { createFakeDesktopBridge, type FakeDesktopBridge } from '../../../testing/fake-desktop-bridge';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { useServerUrlStore } from '../stores/server-url-store';
import { ServerCard } from './server-card';

let fake: FakeDesktopBridge;

beforeEach(() => {
  fake = createFakeDesktopBridge({ token: 'Bearer t' });
  window.tellbox = fake.bridge;
  setStorage(createDesktopStorage(fake.bridge, createBrowserStorage(localStorage, sessionStorage), () => undefined));
  useServerUrlStore.setState({ loaded: true, url: 'https://tellbox.example.com' });
  useSessionStore.setState({
    user: { id: 'u1', name: 'Jane', email: 'j@example.com' },
    token: 'Bearer t',
    subscription: FREE_SUBSCRIPTION,
    restoring: false,
  });
});
afterEach(() => {
  delete window.tellbox;
});

describe('ServerCard', () => {
  test('shows the server in use', () => {
    renderWithProviders(<ServerCard />, { path: '/settings' });
    expect(screen.getByRole('heading', { name: 'Tellbox server' })).toBeInTheDocument();
    expect(screen.getByText('https://tellbox.example.com')).toBeInTheDocument();
  });

  test('Change, once confirmed, leads to the server screen and logs out of this server', async () => {
    renderWithProviders(<ServerCard />, { path: '/settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(
      await screen.findByText('You will be logged out, then log in on the server you choose.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change server' }));
    expect(await screen.findByLabelText('location')).toHaveTextContent('/setup-server');
    await vi.waitFor(() => expect(fake.bridge.clearToken).toHaveBeenCalledOnce());
    expect(useSessionStore.getState()).toMatchObject({ user: null, token: null });
  });

  test('Cancel keeps the server and the session', async () => {
    renderWithProviders(<ServerCard />, { path: '/settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('location')).not.toBeInTheDocument();
    expect(fake.bridge.clearToken).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe('Bearer t');
  });
});
