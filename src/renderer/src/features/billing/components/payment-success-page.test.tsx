// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useSessionStore } from '../../../stores/session-store';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { PaymentSuccessPage } from './payment-success-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({}), { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('PaymentSuccessPage', () => {
  test('without a session id it claims no payment, refreshes nothing and links to the plans in Settings', async () => {
    renderWithProviders(<PaymentSuccessPage />, { path: '/payment-success' });
    expect(screen.getByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeInTheDocument();
    expect(screen.queryByText(/Payment Successful/i)).toBeNull();
    expect(screen.queryByText('Updating your account...')).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'See your plan and the others in Settings' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { hidden: true, name: 'location' })).toHaveTextContent('/settings/billing'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('with a session id it confirms the payment and updates the account', async () => {
    renderWithProviders(<PaymentSuccessPage />, { path: '/payment-success?session_id=cs_test_123' });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.queryByText(/cs_test_123/)).toBeNull();
    expect(screen.getByText('Updating your account...')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });
});
