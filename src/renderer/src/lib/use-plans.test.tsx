// @vitest-environment jsdom
import '../testing/setup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_PLANS, PLAN_IDS, planFeatures, type PlanTable } from '../../../shared/plans';
import { usePlans } from './use-plans';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The body of `GET /api/public/plans` for `table`, as the server sends it. */
const wire = (table: PlanTable) => ({
  plans: PLAN_IDS.map((id) => ({ ...table[id], features: planFeatures(table[id]) })),
});

function renderPlans() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePlans(), { wrapper });
}

const SELF_HOSTED: PlanTable = {
  ...DEFAULT_PLANS,
  free: { ...DEFAULT_PLANS.free, name: 'Starter', limits: { ...DEFAULT_PLANS.free.limits, maxWidgets: 2 } },
  pro: { ...DEFAULT_PLANS.pro, monthlyPriceCents: 949, currency: 'EUR' },
};

describe('usePlans', () => {
  test("shows the built-in table at once, then the server's", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(wire(SELF_HOSTED)), { status: 200 }));
    const { result } = renderPlans();
    expect(result.current.free.name).toBe('Free');
    await waitFor(() => expect(result.current.free.name).toBe('Starter'));
    expect(result.current.free.limits.maxWidgets).toBe(2);
    expect(result.current.pro).toMatchObject({ monthlyPriceCents: 949, currency: 'EUR' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/public/plans');
  });

  test.each([
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server answers 500', () => Promise.resolve(new Response('{"message":"x"}', { status: 500 }))],
    [
      'the answer lacks a plan',
      () => Promise.resolve(new Response(JSON.stringify({ plans: wire(SELF_HOSTED).plans.slice(1) }))),
    ],
  ])('keeps the built-in table when %s', async (_label, respond) => {
    fetchMock.mockImplementation(respond);
    const { result } = renderPlans();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toEqual(DEFAULT_PLANS);
  });
});
