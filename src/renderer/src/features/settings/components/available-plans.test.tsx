// @vitest-environment jsdom
import '../../../testing/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PlanChangePreview } from '../../../../../shared/api';
import { DEFAULT_PLANS, PLAN_IDS, type PlanId, type PlanTable } from '../../../../../shared/plans';
import { PLANS_QUERY_KEY } from '../../../lib/use-plans';
import type { SubscriptionStatus } from '../../../stores/session-store';
import { useSessionStore } from '../../../stores/session-store';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { PLAN_BUTTON_ROWS, statusOf } from '../plan-button-rows';
import { AvailablePlans } from './available-plans';

function renderPlans(subscription: SubscriptionStatus) {
  return renderWithProviders(<AvailablePlans subscription={subscription} />);
}

const card = (plan: PlanId) => screen.getByRole('article', { name: DEFAULT_PLANS[plan].name });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  useSessionStore.setState({ user: { id: 'u1', name: 'Owner', email: 'o@example.com' }, token: 'Bearer t' });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('open', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

function answer(body: unknown) {
  fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(body), { status: 200 })));
}

/** The preview of a change from Pro to `plan` a month before Dec 21, or `info` for any other call. */
function answerByPath(info: unknown) {
  fetchMock.mockImplementation((url) => {
    if (String(url) !== '/api/subscription/preview') {
      return Promise.resolve(new Response(JSON.stringify(info), { status: 200 }));
    }
    const body = info as { plan: PlanId; isToDelete: boolean };
    const preview = PREVIEWS[body.isToDelete ? 'free' : body.plan];
    return Promise.resolve(new Response(JSON.stringify(preview), { status: 200 }));
  });
}

const PERIOD = { periodStart: '2026-11-21T00:00:00.000Z', periodEnd: '2026-12-21T00:00:00.000Z' };
const NEXT = { periodStart: '2026-12-21T00:00:00.000Z', periodEnd: '2027-01-21T00:00:00.000Z' };
const PREVIEWS: Record<PlanId, PlanChangePreview> = {
  free: {
    plan: 'free',
    currency: 'USD',
    amountDue: 0,
    chargedAt: null,
    effectiveAt: '2026-12-21T00:00:00.000Z',
    lines: [],
    testMode: true,
  },
  pro: {
    plan: 'pro',
    currency: 'USD',
    amountDue: 799,
    chargedAt: '2026-12-21T00:00:00.000Z',
    effectiveAt: '2026-11-21T00:00:00.000Z',
    lines: [{ plan: 'pro', description: 'Pro', amount: 799, proration: false, ...NEXT }],
    testMode: true,
  },
  premium: {
    plan: 'premium',
    currency: 'USD',
    amountDue: 1699,
    chargedAt: '2026-12-21T00:00:00.000Z',
    effectiveAt: '2026-11-21T00:00:00.000Z',
    lines: [
      { plan: 'pro', description: 'Unused time on Pro', amount: -400, proration: true, ...PERIOD },
      { plan: 'premium', description: 'Remaining time on Premium', amount: 700, proration: true, ...PERIOD },
      { plan: 'premium', description: 'Premium', amount: 1399, proration: false, ...NEXT },
    ],
    testMode: true,
  },
};

const paths = () => fetchMock.mock.calls.map(([url]) => String(url));

function lastRequest(): { path: string; body: unknown } {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { path: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined };
}

describe('AvailablePlans', () => {
  test.each(PLAN_BUTTON_ROWS)(
    'on $current (cancelled: $cancelled), the $target card shows "$label" (enabled: $enabled)',
    ({ current, cancelled, target, label, enabled }) => {
      renderPlans(statusOf(current, cancelled));
      const button = within(card(target)).getByRole('button');
      expect(button).toHaveTextContent(label);
      if (enabled) expect(button).toBeEnabled();
      else expect(button).toBeDisabled();
    },
  );

  test.each([
    { current: 'free' as const, cancelled: false },
    { current: 'pro' as const, cancelled: false },
    { current: 'premium' as const, cancelled: false },
    { current: 'pro' as const, cancelled: true },
  ])(
    'on $current (cancelled: $cancelled): Most Popular on Pro, Your Plan on $current only',
    ({ current, cancelled }) => {
      renderPlans(statusOf(current, cancelled));
      for (const id of PLAN_IDS) {
        const badges = within(card(id));
        expect(badges.queryByText('Most Popular') !== null, `Most Popular on ${id}`).toBe(DEFAULT_PLANS[id].popular);
        // The badge, besides the disabled button of the same words (docs/product.md §4) while not cancelled.
        const yourPlan = badges.queryAllByText('Your Plan').filter((element) => !element.closest('button'));
        expect(yourPlan, `Your Plan on ${id}`).toHaveLength(id === current ? 1 : 0);
      }
    },
  );

  test("Most Popular follows the server's plan table", () => {
    const plans: PlanTable = { ...DEFAULT_PLANS, pro: { ...DEFAULT_PLANS.pro, popular: false } };
    plans.premium = { ...DEFAULT_PLANS.premium, popular: true };
    const { queryClient } = renderPlans(statusOf('free', false));
    act(() => queryClient.setQueryData(PLANS_QUERY_KEY, plans));
    expect(within(card('premium')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(card('pro')).queryByText('Most Popular')).toBeNull();
  });

  test('Upgrade to Pro on free opens the checkout in a new tab', async () => {
    answer({ url: 'http://localhost/test-checkout/cs_1' });
    renderPlans(statusOf('free', false));
    await userEvent.click(within(card('pro')).getByRole('button', { name: 'Upgrade to Pro' }));
    await waitFor(() =>
      expect(window.open).toHaveBeenCalledWith('http://localhost/test-checkout/cs_1', '_blank', 'noopener,noreferrer'),
    );
    expect(lastRequest()).toEqual({ path: '/api/subscription/checkout-session', body: { plan: 'pro' } });
  });

  test('Reactivate on the cancelled plan asks first, with the price, and only Confirm reactivates it', async () => {
    answerByPath({ plan: 'pro', expiresAt: '2026-12-21T00:00:00.000Z', isActive: true, isToDelete: false });
    renderPlans(statusOf('pro', true));
    await userEvent.click(within(card('pro')).getByRole('button', { name: 'Reactivate Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Pro?' });
    await waitFor(() => expect(dialog).toHaveTextContent('Pro renews on December 21, 2026 for $7.99'));
    expect(paths()).toEqual(['/api/subscription/preview']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(paths()).toContain('/api/subscription/reactivate'));
  });

  test('Switch to another paid plan while cancelled shows the prorated lines, and Confirm changes to it', async () => {
    answerByPath({ plan: 'premium', expiresAt: '2026-12-21T00:00:00.000Z', isActive: true, isToDelete: false });
    renderPlans(statusOf('pro', true));
    await userEvent.click(within(card('premium')).getByRole('button', { name: 'Switch to Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Premium?' });
    const lines = await within(dialog).findByRole('table');
    expect(within(lines).getByRole('row', { name: 'Unused time on Pro, Nov 21 – Dec 21 -$4.00' })).toBeInTheDocument();
    expect(
      within(lines).getByRole('row', { name: 'Remaining time on Premium, Nov 21 – Dec 21 $7.00' }),
    ).toBeInTheDocument();
    expect(within(lines).getByRole('row', { name: 'Due on December 21, 2026 $16.99' })).toBeInTheDocument();
    expect(paths()).not.toContain('/api/subscription/change');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(lastRequest()).toEqual({ path: '/api/subscription/change', body: { plan: 'premium' } }));
  });

  test('Change to Free asks first and changes nothing when dismissed', async () => {
    answerByPath({ plan: 'pro', expiresAt: '2026-12-21T00:00:00.000Z', isActive: true, isToDelete: true });
    renderPlans(statusOf('pro', false));
    await userEvent.click(within(card('free')).getByRole('button', { name: 'Change to Free' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveTextContent('Your Pro plan stays usable until December 21, 2026.'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(paths()).toEqual(['/api/subscription/preview']);

    await userEvent.click(within(card('free')).getByRole('button', { name: 'Change to Free' }));
    // The dismissed dialog may linger while it animates out: the new one comes last.
    const again = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    await userEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(lastRequest()).toEqual({ path: '/api/subscription/change', body: { plan: 'free' } }));
  });

  test('a preview the server refuses says why in the dialog, and Confirm stays off', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ message: 'Billing is temporarily unavailable. Please try again in a few minutes.' }),
          {
            status: 502,
          },
        ),
      ),
    );
    renderPlans(statusOf('pro', false));
    await userEvent.click(within(card('premium')).getByRole('button', { name: 'Upgrade to Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premium?' });
    await waitFor(() => expect(dialog).toHaveTextContent('Billing is temporarily unavailable.'));
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
});
