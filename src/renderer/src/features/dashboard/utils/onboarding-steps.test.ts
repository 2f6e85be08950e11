import { describe, expect, test } from 'vitest';
import { onboardingProgress, onboardingSteps } from './onboarding-steps';

const done = (input: Parameters<typeof onboardingSteps>[0]) =>
  Object.fromEntries(onboardingSteps(input).map((step) => [step.id, step.done]));

describe('onboardingSteps', () => {
  test('a new account: nothing done, 0 of 3', () => {
    const steps = onboardingSteps({ widgets: [], totalFeedback: 0 });
    expect(steps.map((step) => step.title)).toEqual([
      'Create a widget',
      'Install the snippet',
      'Receive your first feedback',
    ]);
    expect(steps.every((step) => !step.done)).toBe(true);
    expect(onboardingProgress(steps)).toBe('0 of 3');
  });

  test('a widget that no site has loaded yet ticks the first step only', () => {
    expect(done({ widgets: [{ installationCount: 0 }], totalFeedback: 0 })).toEqual({
      'create-widget': true,
      'install-snippet': false,
      'first-feedback': false,
    });
  });

  test('any widget with an installation ticks the second step', () => {
    const steps = onboardingSteps({ widgets: [{ installationCount: 0 }, { installationCount: 2 }], totalFeedback: 0 });
    expect(steps.map((step) => step.done)).toEqual([true, true, false]);
    expect(onboardingProgress(steps)).toBe('2 of 3');
  });

  test('feedback ticks the third step; all three done is 3 of 3', () => {
    const steps = onboardingSteps({ widgets: [{ installationCount: 1 }], totalFeedback: 1 });
    expect(steps.map((step) => step.done)).toEqual([true, true, true]);
    expect(onboardingProgress(steps)).toBe('3 of 3');
  });

  test('each step is judged on its own: feedback without an installation leaves step 2 open', () => {
    expect(done({ widgets: [{ installationCount: 0 }], totalFeedback: 4 })).toEqual({
      'create-widget': true,
      'install-snippet': false,
      'first-feedback': true,
    });
  });
});
