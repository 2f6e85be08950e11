/** What the account routes answer: login, the profile, its changes, and the plan limits. */
import { PLAN_IDS } from '../../plans';
import { z } from '../zod';
import { idSchema } from './common';

const planIdSchema = z.enum(PLAN_IDS);

export const loginResponseSchema = z
  .strictObject({
    id: idSchema,
    name: z.string(),
    email: z.string(),
    /** The bare token; the client stores it as `'Bearer ' + token`. */
    token: z.string().meta({ description: "The bare token; the client sends it as `'Bearer ' + token`." }),
  })
  .meta({ id: 'LoginResponse' });

export const userProfileSchema = z
  .strictObject({
    id: idSchema,
    username: z.string(),
    email: z.string(),
    pendingEmail: z
      .string()
      .nullable()
      .meta({ description: 'Set while a new address waits for its confirmation link to be opened.' }),
  })
  .meta({ id: 'UserProfile' });

/** `GET /api/user`. */
export const userResponseSchema = z.strictObject({ user: userProfileSchema });

/** `PUT /api/user`: the profile as it is now, and what happened (a new address waits for its link). */
export const userUpdateResponseSchema = z.strictObject({ user: userProfileSchema, message: z.string() });

/** `POST /api/user/change-password`: every other session is signed out; this is the fresh token. */
export const passwordChangedResponseSchema = z.strictObject({ user: z.strictObject({ token: z.string() }) });

export const limitsSummarySchema = z
  .strictObject({
    plan: planIdSchema,
    maxWidgets: z.number().int().nullable(),
    widgetCount: z.number().int(),
    canCreateWidget: z.boolean(),
    widgetSuggestedPlan: planIdSchema.nullable(),
    maxPosts: z.number().int().nullable(),
    postCount: z.number().int(),
    postPeriod: z.enum(['month', 'total']),
    canCreatePost: z.boolean(),
    postSuggestedPlan: planIdSchema.nullable(),
    maxInstallationsPerWidget: z.number().int().nullable(),
  })
  .meta({ id: 'LimitsSummary', description: 'The plan in force and how much of it is used; `null` is unlimited.' });

export const subscriptionInfoSchema = z
  .strictObject({
    plan: planIdSchema,
    expiresAt: z.iso.datetime().nullable(),
    isActive: z.boolean(),
    isToDelete: z.boolean(),
  })
  .meta({ id: 'SubscriptionInfo' });

/** A checkout page (Stripe's or the built-in test mode's) and where a completed one leads. */
export const redirectUrlSchema = z.strictObject({ url: z.string() }).meta({ id: 'RedirectUrl' });

const planLimitsSchema = z.strictObject({
  maxWidgets: z.number().int().nullable(),
  visibleFeedbackPerMonth: z.number().int().nullable(),
  feedbackScope: z.enum(['account', 'widget']),
  maxPosts: z.number().int().nullable(),
  postPeriod: z.enum(['month', 'total']),
  maxInstallationsPerWidget: z.number().int().nullable(),
  webhooks: z.boolean(),
  maxMembers: z.number().int().nullable(),
});

/** `GET /api/public/plans`: the table the server enforces, in PLAN_IDS order, with feature lists. */
export const planListResponseSchema = z
  .strictObject({
    plans: z.array(
      z.strictObject({
        id: planIdSchema,
        name: z.string(),
        monthlyPriceCents: z.number().int().meta({ description: "The monthly price in the currency's minor unit." }),
        currency: z.string().meta({ description: 'ISO 4217, e.g. `USD`.' }),
        description: z.string(),
        popular: z.boolean(),
        limits: planLimitsSchema,
        features: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'PlanList' });

/** One line of the invoice a plan change leads to: a prorated credit or charge, or the next period. */
const planChangeLineSchema = z.strictObject({
  /** The plan the line is for; null for a line that pays for none of them (Stripe may add one). */
  plan: planIdSchema.nullable(),
  /** The payment provider's own wording, for a line whose plan is unknown. */
  description: z.string(),
  /** In the currency's minor unit; negative for a credit (the unused time of the old plan). */
  amount: z.number().int(),
  proration: z.boolean(),
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
});

/**
 * `POST /api/subscription/preview`: what a plan change would cost before it is made. A change
 * between paid plans is prorated, and the prorations are charged with the next invoice
 * (`chargedAt`), as Stripe's `create_prorations` does.
 */
export const planChangePreviewSchema = z
  .strictObject({
    /** The plan after the change. */
    plan: planIdSchema,
    currency: z.string().meta({ description: 'ISO 4217, e.g. `USD`.' }),
    /** The next invoice's total after the change, in the currency's minor unit. */
    amountDue: z.number().int(),
    /** When `amountDue` is charged; null when nothing more will be (a move to Free). */
    chargedAt: z.iso.datetime().nullable(),
    /** When the new plan and its limits apply: now, or the end of the period for Free. */
    effectiveAt: z.iso.datetime().nullable(),
    lines: z.array(planChangeLineSchema),
    /** Test mode (no payment provider): nothing is ever charged. */
    testMode: z.boolean(),
  })
  .meta({ id: 'PlanChangePreview' });
