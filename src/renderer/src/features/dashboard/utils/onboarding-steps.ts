import type { Widget } from '../../../../../shared/api';

export type OnboardingStepId = 'create-widget' | 'install-snippet' | 'first-feedback';

export interface OnboardingStep {
  id: OnboardingStepId;
  title: string;
  /** What to do, shown while the step is not done. */
  hint: string;
  done: boolean;
}

export interface OnboardingInput {
  widgets: Pick<Widget, 'installationCount'>[];
  totalFeedback: number;
}

/**
 * The three steps from a new account to its first feedback, each ticked by what the owner's data
 * shows: a widget exists; a widget has an installation (its config was loaded by a site other
 * than Tellbox itself); feedback has arrived.
 */
export function onboardingSteps({ widgets, totalFeedback }: OnboardingInput): OnboardingStep[] {
  return [
    {
      id: 'create-widget',
      title: 'Create a widget',
      hint: 'Name the site you want feedback from. Tellbox gives it a site key and a snippet.',
      done: widgets.length > 0,
    },
    {
      id: 'install-snippet',
      title: 'Install the snippet',
      hint: 'Paste the one-line script into your site’s HTML. This ticks once a page of your site loads it.',
      done: widgets.some((widget) => widget.installationCount > 0),
    },
    {
      id: 'first-feedback',
      title: 'Receive your first feedback',
      hint: 'Open your site and send a message from the widget, or wait for your first visitor.',
      done: totalFeedback > 0,
    },
  ];
}

/** "2 of 3": how many steps are done, as the owner reads it. */
export function onboardingProgress(steps: OnboardingStep[]): string {
  return `${steps.filter((step) => step.done).length} of ${steps.length}`;
}
