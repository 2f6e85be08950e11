/** What the webhook routes answer: endpoints (the secret only when it is made) and delivery logs. */
import { MAX_PENDING_DELIVERIES_PER_ACCOUNT, WEBHOOK_EVENTS, WEBHOOK_KINDS } from '../webhooks';
import { z } from '../zod';
import { idSchema, isoTimeSchema } from './common';

const webhookEndpointShape = {
  _id: idSchema,
  url: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  widgetIds: z
    .array(z.string())
    .nullable()
    .meta({ description: 'The widgets whose events are sent; null for every widget.' }),
  active: z.boolean(),
  disabledReason: z
    .string()
    .nullable()
    .meta({ description: 'Why Tellbox switched the endpoint off (it failed for 3 days), or null.' }),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
};

/** An endpoint as the console lists it. Its secret is never listed. */
export const webhookEndpointSchema = z.strictObject(webhookEndpointShape).meta({ id: 'WebhookEndpoint' });

export const webhookListResponseSchema = z.strictObject({ webhooks: z.array(webhookEndpointSchema) });

/** `POST /api/webhooks` and rotate-secret: the `whsec_…` secret, shown this once. */
export const webhookWithSecretSchema = z
  .strictObject({ ...webhookEndpointShape, secret: z.string() })
  .meta({ id: 'WebhookWithSecret' });

/** What a delivery carries: a subscribed event, or the console's test. */
export const webhookDeliveryTypeSchema = z.enum([...WEBHOOK_EVENTS, 'webhook.test']);

/** One try at sending a delivery, as the delivery log shows it. */
export const webhookAttemptSchema = z
  .strictObject({
    _id: idSchema,
    deliveryId: z
      .string()
      .meta({ description: "The delivery's `webhook-id`, the same on every attempt and on Resend." }),
    type: webhookDeliveryTypeSchema,
    attemptedAt: isoTimeSchema,
    statusCode: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The endpoint's HTTP status, or null when no answer came (refused, timed out)." }),
    durationMs: z.number(),
    responseStart: z.string().meta({ description: "The start of the endpoint's answer (at most 4 KB is read)." }),
    error: z.string().nullable().meta({ description: 'Why no answer counted, in words, or null.' }),
    ok: z.boolean(),
    sent: z.boolean().meta({
      description:
        `False when Tellbox did not send the delivery: the account already had ${MAX_PENDING_DELIVERIES_PER_ACCOUNT} ` +
        'deliveries waiting. `error` then starts `Not sent:`, `statusCode` is null and `durationMs` 0; Resend sends it.',
    }),
  })
  .meta({ id: 'WebhookAttempt' });

/** `GET /api/webhooks/:id/deliveries`: the last attempts, newest first. */
export const webhookDeliveryLogSchema = z
  .strictObject({ attempts: z.array(webhookAttemptSchema) })
  .meta({ id: 'WebhookDeliveryLog' });
