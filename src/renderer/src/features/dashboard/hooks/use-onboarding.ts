import { useState } from 'react';
import { useWidgets } from '../../../lib/owner-data/use-widgets';
import { useDashboardOverview } from '../api/get-dashboard-overview';
import { onboardingSteps, type OnboardingStep } from '../utils/onboarding-steps';

export interface Onboarding {
  /** Null until the widgets and the overview have loaded (no flash of steps for an owner who is done). */
  steps: OnboardingStep[] | null;
  complete: boolean;
  /**
   * Whether the dashboard shows the steps: while any is open, and, once all are done, for the rest
   * of the visit in which the owner saw them open (the last tick is seen, then "All set"). An
   * owner who was already done never sees them.
   */
  visible: boolean;
  dismiss: () => void;
}

/** The getting-started steps, ticked live: both queries are refreshed by the owner's event stream. */
export function useOnboarding(): Onboarding {
  const widgets = useWidgets();
  const overview = useDashboardOverview();
  const [seenOpen, setSeenOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const steps =
    widgets.data && overview.data
      ? onboardingSteps({ widgets: widgets.data, totalFeedback: overview.data.totalFeedback })
      : null;
  const complete = steps !== null && steps.every((step) => step.done);
  // Remembered while rendering (React's way of adjusting state to new data), not in an effect,
  // so the steps' card never disappears for one frame when the last step ticks.
  if (steps && !complete && !seenOpen) setSeenOpen(true);
  return {
    steps,
    complete,
    visible: steps !== null && !dismissed && (!complete || seenOpen),
    dismiss: () => setDismissed(true),
  };
}
