import { PLAN_IDS } from '../plans';
import { z } from './zod';

export const PAID_PLAN_IDS = ['pro', 'premium'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** `POST /api/subscription/checkout-session` and the `/checkout?plan=` screen. */
export const checkoutInputSchema = z.strictObject({
  plan: z.enum(PAID_PLAN_IDS, 'Invalid plan'),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** `POST /api/subscription/cancel-subscription`: cancelling always waits for the period's end. */
export const cancelSubscriptionInputSchema = z.strictObject({
  cancelAtPeriodEnd: z.literal(true),
});

/** `POST /api/subscription/change`: "Change to {plan}" (another paid plan now, or free at the period's end). */
export const changePlanInputSchema = z.strictObject({
  plan: z.enum(PLAN_IDS, 'Invalid plan'),
});
