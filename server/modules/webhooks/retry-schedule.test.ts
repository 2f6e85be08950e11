import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/time';
import { RETRY_DELAYS_MS, retryDelayAfter } from './retry-schedule';

describe('the retry schedule', () => {
  it('keeps trying for at least 24 hours after the first attempt', () => {
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(DAY_MS);
  });

  it('waits longer after each failure, then gives up', () => {
    const delays = RETRY_DELAYS_MS.map((_, index) => retryDelayAfter(index + 1) ?? 0);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(retryDelayAfter(RETRY_DELAYS_MS.length + 1)).toBeNull();
  });
});
