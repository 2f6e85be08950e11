// @vitest-environment jsdom
import '../../../testing/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import type { UpgradeOffer } from '../utils/upgrade-offer';
import { UpgradeCard } from './upgrade-card';

describe('UpgradeCard', () => {
  test('says what is reached and starts the checkout of the suggested plan', async () => {
    const offer: UpgradeOffer = {
      currentPlan: 'free',
      plan: 'pro',
      reached: true,
      reasons: [
        { kind: 'widgets', used: 1, max: 1, reached: true },
        { kind: 'posts', used: 1, max: 1, reached: true, period: 'month' },
        { kind: 'feedback', hidden: 3, max: 50, scope: 'account' },
      ],
    };
    renderWithProviders(<UpgradeCard offer={offer} />, { path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'Limit reached' })).toBeInTheDocument();
    expect(screen.getByText('Your Free plan:')).toBeInTheDocument();
    expect(screen.getByText('Widgets: 1 of 1 used (limit reached)')).toBeInTheDocument();
    expect(screen.getByText('News posts this month: 1 of 1 used (limit reached)')).toBeInTheDocument();
    expect(screen.getByText('3 feedback entries are hidden: your plan shows 50 per month')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/checkout?plan=pro');
  });

  test('a limit that is only near reads as such and offers Premium from Pro', async () => {
    renderWithProviders(
      <UpgradeCard
        offer={{
          currentPlan: 'pro',
          plan: 'premium',
          reached: false,
          reasons: [{ kind: 'widgets', used: 4, max: 5, reached: false }],
        }}
      />,
      { path: '/dashboard' },
    );
    expect(screen.getByRole('heading', { name: 'Approaching your plan limits' })).toBeInTheDocument();
    expect(screen.getByText('Widgets: 4 of 5 used')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/checkout?plan=premium');
  });
});
