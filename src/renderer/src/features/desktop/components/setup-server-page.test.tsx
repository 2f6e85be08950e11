// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ServerUrlResult } from '../../../../../shared/desktop-bridge';
import { createFakeDesktopBridge, type FakeDesktopBridge } from '../../../testing/fake-desktop-bridge';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { CONNECT_FAILED, useServerUrlStore } from '../stores/server-url-store';
import { SERVER_URL_REQUIRED, SetupServerPage } from './setup-server-page';

let fake: FakeDesktopBridge;

beforeEach(() => {
  fake = createFakeDesktopBridge({ serverUrl: null });
  window.tellbox = fake.bridge;
  useServerUrlStore.setState({ loaded: true, url: null });
});
afterEach(() => {
  delete window.tellbox;
});

const field = () => screen.getByLabelText('Server address');

describe('SetupServerPage', () => {
  test('asks for the server with a labelled URL field and a Connect button', () => {
    renderWithProviders(<SetupServerPage />, { path: '/setup-server' });
    expect(screen.getByRole('heading', { name: 'Connect to your Tellbox server' })).toBeInTheDocument();
    expect(field()).toHaveAttribute('placeholder', 'https://tellbox.example.com');
    expect(field()).toHaveAttribute('type', 'url');
    expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  test('an empty address is refused before asking the app', async () => {
    renderWithProviders(<SetupServerPage />, { path: '/setup-server' });
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER_URL_REQUIRED);
    expect(fake.bridge.setServerUrl).not.toHaveBeenCalled();
  });

  test('while the app checks the server the button is busy; its refusal shows under the field', async () => {
    let answer: (result: ServerUrlResult) => void = () => undefined;
    fake.bridge.setServerUrl.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<SetupServerPage />, { path: '/setup-server' });
    await userEvent.type(field(), '  http://tellbox.example.com  ');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(fake.bridge.setServerUrl).toHaveBeenCalledExactlyOnceWith('http://tellbox.example.com');
    expect(screen.getByText('Connecting...').closest('button')).toHaveClass('ant-btn-loading');

    const message = 'Use an https:// address (http:// only for a server on this computer).';
    answer({ ok: false, message });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAttribute('aria-describedby', alert.id);
    // (antd's loading icon fades out by an animation jsdom never ends: the button's text tells)
    const button = screen.getByText('Connect').closest('button');
    expect(button).toBeEnabled();
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    expect(useServerUrlStore.getState().url).toBeNull();
  });

  test('a bridge that fails says so, and the owner can try again', async () => {
    fake.bridge.setServerUrl.mockRejectedValue(new Error('ipc'));
    renderWithProviders(<SetupServerPage />, { path: '/setup-server' });
    await userEvent.type(field(), 'https://tellbox.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONNECT_FAILED);
  });

  test('a server the app accepted is kept, and the owner continues to the login', async () => {
    fake.bridge.setServerUrl.mockResolvedValue({ ok: true, url: 'https://tellbox.example.com' });
    renderWithProviders(<SetupServerPage />, { path: '/setup-server' });
    await userEvent.type(field(), 'https://tellbox.example.com/');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByLabelText('location')).toHaveTextContent('/login');
    expect(useServerUrlStore.getState().url).toBe('https://tellbox.example.com');
  });

  test('the current server is filled in when changing it', () => {
    useServerUrlStore.setState({ loaded: true, url: 'https://old.example.com' });
    renderWithProviders(<SetupServerPage />, { path: '/setup-server' });
    expect(field()).toHaveValue('https://old.example.com');
  });
});
