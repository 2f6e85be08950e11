/** What every rate-limited answer looks like, for the suites that push a route past its limit. */
import { expect } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/api';
import { TOO_MANY_REQUESTS } from '../../server/lib/rate-limit';
import type { ApiResponse } from './api-client';

/** 429 with the one message and a Retry-After of whole seconds within the rule's window. */
export function expectLimited(response: ApiResponse<ApiErrorBody>, windowMs: number) {
  expect(response.status, response.text).toBe(429);
  expect(response.body).toEqual({ message: TOO_MANY_REQUESTS });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

/** Headers that make a server started with TRUST_PROXY=1 see the request come from `address`. */
export const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
