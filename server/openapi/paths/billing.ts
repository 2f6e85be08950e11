/** The owner's subscription, the test-mode checkout and Stripe's webhook. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { cancelSubscriptionInputSchema, changePlanInputSchema, checkoutInputSchema } from '../../../src/shared/schemas';
import { z } from '../../../src/shared/schemas/zod';
import {
  planChangePreviewSchema,
  redirectUrlSchema,
  subscriptionInfoSchema,
} from '../../../src/shared/schemas/responses/accounts';
import { stripeWebhookResponseSchema } from '../../../src/shared/schemas/responses/public';
import { errors, json, jsonBody, media, ownerOperation, publicOperation } from '../operations';

const tags = ['Billing'];
const subscription = json('The subscription as it is now.', subscriptionInfoSchema);
const html = z.string().meta({ description: 'An HTML page.' });
const sessionPath = z.object({ sessionId: z.string() });

export const billingPaths: ZodOpenApiPathsObject = {
  '/api/user/subscription': {
    get: ownerOperation({
      operationId: 'getSubscription',
      permission: 'plan.read',
      summary: 'The subscription',
      description: 'In test mode the period is brought up to date on read.',
      tags,
      responses: { 200: subscription, ...errors(502) },
    }),
  },
  '/api/subscription/checkout-session': {
    post: ownerOperation({
      operationId: 'createCheckoutSession',
      permission: 'billing.manage',
      summary: 'Open a checkout for a paid plan',
      description: "Stripe's hosted page, or the built-in test-mode page without Stripe.",
      tags,
      requestBody: jsonBody(checkoutInputSchema),
      responses: { 200: json('Where the browser goes to pay.', redirectUrlSchema), ...errors(400, 409, 429, 502) },
    }),
  },
  '/api/subscription/cancel-subscription': {
    post: ownerOperation({
      operationId: 'cancelSubscription',
      permission: 'billing.manage',
      activity: { action: 'plan.cancelled', target: 'plan' },
      summary: 'Cancel at the end of the period',
      tags,
      requestBody: jsonBody(cancelSubscriptionInputSchema),
      responses: { 200: subscription, ...errors(400, 409, 502) },
    }),
  },
  '/api/subscription/reactivate': {
    post: ownerOperation({
      operationId: 'reactivateSubscription',
      permission: 'billing.manage',
      activity: { action: 'plan.reactivated', target: 'plan' },
      summary: 'Undo a cancellation before the period ends',
      tags,
      responses: { 200: subscription, ...errors(409, 502) },
    }),
  },
  '/api/subscription/change': {
    post: ownerOperation({
      operationId: 'changePlan',
      permission: 'billing.manage',
      activity: { action: 'plan.changed', target: 'plan' },
      summary: 'Change to another plan',
      description: 'Another paid plan now, prorated; `free` at the end of the period.',
      tags,
      requestBody: jsonBody(changePlanInputSchema),
      responses: { 200: subscription, ...errors(400, 409, 502) },
    }),
  },
  '/api/subscription/preview': {
    post: ownerOperation({
      operationId: 'previewPlanChange',
      permission: 'billing.manage',
      summary: 'What a plan change would cost',
      description:
        "Changes nothing. The next invoice after `changePlan` (or, for the cancelled current plan, `reactivateSubscription`): its total, when it is charged and its lines, prorations marked. With Stripe it is Stripe's invoice preview; in test mode the same is worked out by the server, prorated by the days left in the period, and nothing is charged. The plan in use, not cancelled, is 400.",
      tags,
      requestBody: jsonBody(changePlanInputSchema),
      responses: {
        200: json('The price of the change.', planChangePreviewSchema),
        ...errors(400, 409, 429, 502),
      },
    }),
  },
  '/api/subscription/refresh': {
    post: ownerOperation({
      operationId: 'refreshSubscription',
      permission: 'billing.manage',
      summary: 'Re-read the subscription from the provider',
      tags,
      responses: { 200: subscription, ...errors(502) },
    }),
  },
  '/api/subscription/test-checkout/{sessionId}/complete': {
    post: publicOperation({
      operationId: 'completeTestCheckout',
      summary: 'Confirm a test-mode checkout',
      description:
        "The session id is the capability. A browser posting the page's form (`Accept: text/html`) is redirected; scripts get JSON.",
      tags,
      requestParams: { path: sessionPath },
      responses: {
        200: json('The plan has started; where the browser goes next.', redirectUrlSchema),
        303: {
          description: 'The plan has started; the browser goes on to `/payment-success`.',
          headers: z.object({ Location: z.string() }),
        },
        ...errors(404),
      },
    }),
  },
  '/api/subscription/webhook': {
    post: publicOperation({
      operationId: 'receiveStripeEvent',
      summary: "Stripe's webhook",
      description:
        'Checked by its `Stripe-Signature`; each event is applied once. Without STRIPE_SECRET_KEY there is no webhook (404).',
      tags,
      requestParams: { header: z.object({ 'stripe-signature': z.string().optional() }) },
      requestBody: {
        description: "Stripe's event, as the exact bytes Stripe signed (at most 1 MB).",
        content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
      },
      responses: { 200: json('Applied, or a duplicate.', stripeWebhookResponseSchema), ...errors(400, 404, 413) },
    }),
  },
  '/test-checkout/{sessionId}': {
    get: publicOperation({
      operationId: 'showTestCheckoutPage',
      summary: 'The test-mode checkout page',
      description: 'Labelled "Test mode — no charge"; its Confirm posts a form to `completeTestCheckout`.',
      tags,
      requestParams: { path: sessionPath },
      responses: {
        200: media('The checkout page.', 'text/html', html),
        404: media('The checkout is no longer open.', 'text/html', html),
      },
    }),
  },
};
