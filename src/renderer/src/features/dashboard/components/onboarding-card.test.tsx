// @vitest-environment jsdom
import '../../../testing/setup';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { DashboardOverview, Widget, WidgetListResponse } from '../../../../../shared/api';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { widget } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { useOnboarding } from '../hooks/use-onboarding';
import { onboardingSteps } from '../utils/onboarding-steps';
import { OnboardingCard } from './onboarding-card';

const step = (name: string) =>
  screen.getByRole('heading', { level: 3, name: new RegExp(name) }).closest('li') as HTMLElement;

describe('OnboardingCard', () => {
  test('a new owner: 0 of 3, each step with what to do, the way on only at the first', async () => {
    renderWithProviders(
      <OnboardingCard steps={onboardingSteps({ widgets: [], totalFeedback: 0 })} onDismiss={() => undefined} />,
      { path: '/dashboard' },
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Get started with Tellbox' })).toBeInTheDocument();
    expect(screen.getByText('0 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Step 1: Create a widget' })).toBeInTheDocument();
    expect(screen.queryByText('Done')).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(step('Create a widget')).getByRole('button', { name: 'Create your first widget' }));
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/widgets');
  });

  test('two steps taken: both read Done, 2 of 3, and the way on moves to the open step', () => {
    renderWithProviders(
      <OnboardingCard
        steps={onboardingSteps({ widgets: [{ installationCount: 1 }], totalFeedback: 0 })}
        onDismiss={() => undefined}
      />,
    );
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(within(step('Create a widget')).getByText('Done')).toBeInTheDocument();
    expect(within(step('Install the snippet')).getByText('Done')).toBeInTheDocument();
    const open = step('Receive your first feedback');
    expect(within(open).queryByText('Done')).toBeNull();
    expect(within(open).getByText(/send a message from the widget/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('an installed snippet is the next step once a widget exists', () => {
    renderWithProviders(
      <OnboardingCard
        steps={onboardingSteps({ widgets: [{ installationCount: 0 }], totalFeedback: 0 })}
        onDismiss={() => undefined}
      />,
    );
    expect(within(step('Install the snippet')).getByRole('button', { name: 'Get your snippet' })).toBeInTheDocument();
  });
});

function OnboardingHarness() {
  const onboarding = useOnboarding();
  if (!onboarding.visible || !onboarding.steps) return <p>No steps</p>;
  return <OnboardingCard steps={onboarding.steps} onDismiss={onboarding.dismiss} />;
}

const overview = (totalFeedback: number): DashboardOverview => ({
  totalFeedback,
  activeWidgets: 1,
  recentFeedback: [],
  recentNews: [],
});
const widgets = (...list: Widget[]): WidgetListResponse => ({ success: true, widgets: list });
const installed = (w: Widget): Widget => ({ ...w, installationCount: 1 });

describe('useOnboarding', () => {
  test('the steps tick as the owner data changes, then say All set until closed', async () => {
    const { queryClient } = renderWithProviders(<OnboardingHarness />);
    const set = (list: WidgetListResponse, total: number) =>
      act(() => {
        queryClient.setQueryData(ownerKeys.widgets(), list);
        queryClient.setQueryData(ownerKeys.overview(), overview(total));
      });
    set(widgets(), 0);
    expect(await screen.findByText('0 of 3')).toBeInTheDocument();
    set(widgets(widget('w1', 'Shop')), 0);
    expect(await screen.findByText('1 of 3')).toBeInTheDocument();
    set(widgets(installed(widget('w1', 'Shop'))), 0);
    expect(await screen.findByText('2 of 3')).toBeInTheDocument();
    set(widgets(installed(widget('w1', 'Shop'))), 1);
    expect(await screen.findByText('3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'You’re all set' })).toBeInTheDocument();
    expect(screen.getAllByText('Done')).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Close getting started' }));
    expect(screen.getByText('No steps')).toBeInTheDocument();
  });

  test('an owner who has done all three never sees the steps', async () => {
    const { queryClient } = renderWithProviders(<OnboardingHarness />);
    act(() => {
      queryClient.setQueryData(ownerKeys.widgets(), widgets(installed(widget('w1', 'Shop'))));
      queryClient.setQueryData(ownerKeys.overview(), overview(12));
    });
    // Past the moment both queries answer: nothing ever showed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('No steps')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You’re all set' })).toBeNull();
  });
});
