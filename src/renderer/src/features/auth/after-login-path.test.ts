// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { afterLoginPath } from './after-login-path';

describe('afterLoginPath', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('goes to the dashboard when no plan was chosen', () => {
    expect(afterLoginPath()).toBe('/dashboard');
  });

  it.each(['pro', 'premium'])('goes to the checkout of %s chosen before sign-up, once', (plan) => {
    window.sessionStorage.setItem('selectedPlan', plan);
    expect(afterLoginPath()).toBe(`/checkout?plan=${plan}`);
    expect(window.sessionStorage.getItem('selectedPlan')).toBeNull();
    expect(afterLoginPath()).toBe('/dashboard');
  });

  it('ignores a stored value that is not a paid plan', () => {
    window.sessionStorage.setItem('selectedPlan', 'javascript:alert(1)');
    expect(afterLoginPath()).toBe('/dashboard');
  });
});
