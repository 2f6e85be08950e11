// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { SsoSignInResult } from '../../../../../shared/desktop-bridge';
import { createDesktopStorage } from '../../../lib/desktop-storage';
import { createBrowserStorage, setStorage } from '../../../lib/storage';
import { createFakeDesktopBridge, type FakeDesktopBridge } from '../../../testing/fake-desktop-bridge';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { SsoSignIn } from './sso-sign-in';

const INFO = { name: 'Acme SSO', allowedDomains: ['acme.test'] };

describe('in the browser', () => {
  test('"Sign in with <name>" is a link to the server, which sends the browser to the provider', () => {
    renderWithProviders(<SsoSignIn info={INFO} />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Sign in with Acme SSO' })).toHaveAttribute('href', '/api/auth/oidc/start');
  });
});

describe('in the desktop app', () => {
  let fake: FakeDesktopBridge;
  beforeEach(() => {
    fake = createFakeDesktopBridge();
    window.tellbox = fake.bridge;
    setStorage(createDesktopStorage(fake.bridge, createBrowserStorage(localStorage, sessionStorage), () => undefined));
  });
  afterEach(() => {
    delete window.tellbox;
  });

  /** Clicks the button while the system browser "signs in", then lets it answer `result`. */
  async function signInAnswering(result: SsoSignInResult) {
    let answer: (value: SsoSignInResult) => void = () => undefined;
    fake.bridge.signInWithSso.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    // Toasts are drawn outside the component: its own messages are looked for inside it.
    const { container } = renderWithProviders(<SsoSignIn info={INFO} />, { path: '/login', withLocation: true });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Acme SSO' }));
    expect(await screen.findByRole('button', { name: 'Continue in your browser…' })).toBeInTheDocument();
    answer(result);
    return within(container);
  }

  test('the session the browser brings back is stored in the keychain and the dashboard opens', async () => {
    await signInAnswering({ ok: true, login: { id: 'u1', name: 'Ada', email: 'ada@acme.test', token: 'abc' } });
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/dashboard'));
    expect(fake.keychain.token).toBe('Bearer abc');
  });

  test('a refusal is explained, and the button can be used again', async () => {
    const component = await signInAnswering({ ok: false, error: 'domain' });
    expect(await component.findByRole('alert')).toHaveTextContent(
      'Only addresses at acme.test can sign in with Acme SSO. Use your work account.',
    );
    expect(screen.getByRole('button', { name: 'Sign in with Acme SSO' })).toBeEnabled();
  });

  test('a sign-in replaced by a newer click says nothing', async () => {
    const component = await signInAnswering({ ok: false, error: 'cancelled' });
    expect(await component.findByRole('button', { name: 'Sign in with Acme SSO' })).toBeInTheDocument();
    expect(component.queryByRole('alert')).toBeNull();
  });
});
