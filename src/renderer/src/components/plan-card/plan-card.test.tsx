// @vitest-environment jsdom
import '../../testing/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_PLANS, type PlanId } from '../../../../shared/plans';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PlanCard } from './plan-card';

interface Case {
  plan: PlanId;
  loggedIn: boolean;
  current: PlanId | null;
  label: string;
  /** Where the click goes; null: the button is disabled. */
  target: string | null;
  remembered: string | null;
}

// docs/product.md §2, "Plan card": every plan, logged out, logged in on another plan, and on this plan.
const CASES: Case[] = [
  { plan: 'free', loggedIn: false, current: null, label: 'Get Started Free', target: '/login', remembered: null },
  { plan: 'free', loggedIn: true, current: 'pro', label: 'Go to Dashboard', target: '/dashboard', remembered: null },
  { plan: 'free', loggedIn: true, current: 'free', label: 'Current Plan', target: null, remembered: null },
  { plan: 'pro', loggedIn: false, current: null, label: 'Sign Up', target: '/signup?plan=pro', remembered: 'pro' },
  {
    plan: 'pro',
    loggedIn: true,
    current: 'free',
    label: 'Upgrade Now',
    target: '/checkout?plan=pro',
    remembered: null,
  },
  { plan: 'pro', loggedIn: true, current: 'pro', label: 'Current Plan', target: null, remembered: null },
  {
    plan: 'premium',
    loggedIn: false,
    current: null,
    label: 'Sign Up',
    target: '/signup?plan=premium',
    remembered: 'premium',
  },
  {
    plan: 'premium',
    loggedIn: true,
    current: 'pro',
    label: 'Upgrade Now',
    target: '/checkout?plan=premium',
    remembered: null,
  },
  { plan: 'premium', loggedIn: true, current: 'premium', label: 'Current Plan', target: null, remembered: null },
];

beforeEach(() => window.sessionStorage.clear());
afterEach(() => window.sessionStorage.clear());

describe('PlanCard', () => {
  test.each(CASES)(
    '$plan, logged in: $loggedIn, current: $current → "$label" to $target',
    async ({ plan, loggedIn, current, label, target, remembered }) => {
      renderWithProviders(<PlanCard plan={DEFAULT_PLANS[plan]} loggedIn={loggedIn} currentPlan={current} />);
      const button = screen.getByRole('button', { name: label });
      expect(screen.getAllByRole('button')).toHaveLength(1);
      if (target === null) {
        expect(button).toBeDisabled();
        await userEvent.click(button).catch(() => undefined);
        expect(screen.queryByRole('status', { name: 'location' })).toBeNull();
        expect(screen.getByText('Your Plan')).toBeInTheDocument();
      } else {
        expect(button).toBeEnabled();
        expect(screen.queryByText('Your Plan')).toBeNull();
        await userEvent.click(button);
        expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent(target);
      }
      expect(window.sessionStorage.getItem('selectedPlan')).toBe(remembered);
    },
  );

  test('shows title, price, description, features and the Most Popular badge on the popular plan only', () => {
    const pro = DEFAULT_PLANS.pro;
    renderWithProviders(<PlanCard plan={pro} loggedIn={false} currentPlan={null} />);
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeInTheDocument();
    expect(screen.getByText('$7.99')).toBeInTheDocument();
    expect(screen.getByText(pro.description)).toBeInTheDocument();
    expect(screen.getByText('Up to 5 widgets')).toBeInTheDocument();
    expect(screen.getByText('Most Popular')).toBeInTheDocument();
  });

  test('Most Popular and Your Plan are tags in the brand and success tones, which reach AA', () => {
    renderWithProviders(<PlanCard plan={DEFAULT_PLANS.pro} loggedIn currentPlan="pro" />);
    expect(screen.getByText('Most Popular')).toHaveStyle({ color: 'var(--tb-color-primary)' });
    expect(screen.getByText('Your Plan', { selector: 'span' })).toHaveStyle({ color: 'var(--tb-color-success)' });
  });

  test('a plan that is not popular has no Most Popular badge', () => {
    renderWithProviders(<PlanCard plan={DEFAULT_PLANS.premium} loggedIn={false} currentPlan={null} />);
    expect(screen.queryByText('Most Popular')).toBeNull();
    expect(screen.getByText('Unlimited widgets')).toBeInTheDocument();
  });
});
