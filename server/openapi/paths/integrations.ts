/** E-mail alerts (and their unsubscribe link), webhooks, and the owner's event stream. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  MAX_PENDING_DELIVERIES_PER_ACCOUNT,
  notificationSettingsSchema,
  webhookInputSchema,
} from '../../../src/shared/schemas';
import { z } from '../../../src/shared/schemas/zod';
import { messageResponseSchema } from '../../../src/shared/schemas/responses/common';
import {
  webhookDeliveryLogSchema,
  webhookEndpointSchema,
  webhookListResponseSchema,
  webhookWithSecretSchema,
} from '../../../src/shared/schemas/responses/webhooks';
import { RATE_LIMIT_RULES } from '../../lib/rate-limit';
import { errors, json, jsonBody, media, ownerOperation, publicOperation } from '../operations';

const idPath = z.object({ id: z.string() });
const html = z.string().meta({ description: 'An HTML page.' });
const unsubscribeQuery = z.object({ token: z.string().meta({ description: 'The signed token of the mail.' }) });
const webhookTags = ['Webhooks'];
const PENDING_CAP = MAX_PENDING_DELIVERIES_PER_ACCOUNT.toLocaleString('en-US');
const AT_THE_CAP = `while the account has ${PENDING_CAP} deliveries waiting to be sent`;
/** "At most 30 per account per 15 minutes (429)." */
const perAccount = ({ limit, windowMs }: { limit: number; windowMs: number }) =>
  `At most ${limit} per account per ${windowMs / 60_000} minutes (429).`;

export const integrationPaths: ZodOpenApiPathsObject = {
  '/api/notifications': {
    get: ownerOperation({
      operationId: 'getNotificationSettings',
      permission: 'alerts.own',
      summary: 'The e-mail alert settings',
      tags: ['Notifications'],
      responses: { 200: json('The settings.', notificationSettingsSchema) },
    }),
    put: ownerOperation({
      operationId: 'updateNotificationSettings',
      permission: 'alerts.own',
      summary: 'Choose instant alerts, a daily digest or none',
      tags: ['Notifications'],
      requestBody: jsonBody(notificationSettingsSchema),
      responses: { 200: json('The settings as they are now.', notificationSettingsSchema), ...errors(400) },
    }),
  },
  '/api/notifications/unsubscribe': {
    get: publicOperation({
      operationId: 'showUnsubscribePage',
      summary: "The alert mails' unsubscribe page",
      description: 'Changes nothing (mail scanners fetch links): shows a button that posts the form.',
      tags: ['Notifications'],
      requestParams: { query: unsubscribeQuery },
      responses: {
        200: media('Asks to confirm.', 'text/html', html),
        400: media('The link is not valid.', 'text/html', html),
      },
    }),
    post: publicOperation({
      operationId: 'unsubscribe',
      summary: 'Turn e-mail alerts off',
      description: "From the page's button, or a mail client's one-click unsubscribe (RFC 8058).",
      tags: ['Notifications'],
      requestParams: { query: unsubscribeQuery },
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }),
          },
        },
      },
      responses: {
        200: media('Done.', 'text/html', html),
        400: media('The link is not valid.', 'text/html', html),
      },
    }),
  },
  '/api/webhooks': {
    get: ownerOperation({
      operationId: 'listWebhooks',
      permission: 'webhooks.read',
      summary: "The owner's webhook endpoints",
      tags: webhookTags,
      responses: { 200: json('The endpoints, without their secrets.', webhookListResponseSchema) },
    }),
    post: ownerOperation({
      operationId: 'createWebhook',
      permission: 'webhooks.write',
      activity: { action: 'webhook.created', target: 'webhook' },
      summary: 'Add a webhook endpoint',
      description: 'Not on the free plan; at most 10. The answer holds the signing secret, shown this once.',
      tags: webhookTags,
      requestBody: jsonBody(webhookInputSchema),
      responses: { 201: json('Created, with its secret.', webhookWithSecretSchema), ...errors(400, 403) },
    }),
  },
  '/api/webhooks/{id}': {
    put: ownerOperation({
      operationId: 'updateWebhook',
      permission: 'webhooks.write',
      activity: { action: 'webhook.updated', target: 'webhook' },
      summary: 'Edit a webhook endpoint',
      tags: webhookTags,
      requestParams: { path: idPath },
      requestBody: jsonBody(webhookInputSchema),
      responses: { 200: json('The endpoint as it is now.', webhookEndpointSchema), ...errors(400, 403, 404) },
    }),
    delete: ownerOperation({
      operationId: 'deleteWebhook',
      permission: 'webhooks.write',
      activity: { action: 'webhook.deleted', target: 'webhook' },
      summary: 'Delete a webhook endpoint',
      tags: webhookTags,
      requestParams: { path: idPath },
      responses: { 200: json('Deleted.', messageResponseSchema), ...errors(404) },
    }),
  },
  '/api/webhooks/{id}/rotate-secret': {
    post: ownerOperation({
      operationId: 'rotateWebhookSecret',
      permission: 'webhooks.write',
      activity: { action: 'webhook.secret_rotated', target: 'webhook' },
      summary: 'Replace the signing secret',
      tags: webhookTags,
      requestParams: { path: idPath },
      responses: { 200: json('The endpoint with its new secret.', webhookWithSecretSchema), ...errors(403, 404) },
    }),
  },
  '/api/webhooks/{id}/test': {
    post: ownerOperation({
      operationId: 'testWebhook',
      permission: 'webhooks.write',
      summary: 'Queue a test delivery',
      description: `${perAccount(RATE_LIMIT_RULES.webhookTestsPerAccount)} Refused (409) ${AT_THE_CAP}.`,
      tags: webhookTags,
      requestParams: { path: idPath },
      responses: { 202: json('Queued.', messageResponseSchema), ...errors(403, 404, 409, 429) },
    }),
  },
  '/api/webhooks/{id}/deliveries': {
    get: ownerOperation({
      operationId: 'listWebhookDeliveries',
      permission: 'webhooks.read',
      summary: "An endpoint's delivery log",
      tags: webhookTags,
      requestParams: { path: idPath },
      description: `An event that came while the account already had ${PENDING_CAP} deliveries waiting was not sent: its entry has \`sent: false\` and says why.`,
      responses: { 200: json('The last 100 attempts, newest first.', webhookDeliveryLogSchema), ...errors(404) },
    }),
  },
  '/api/webhooks/{id}/deliveries/{deliveryId}/resend': {
    post: ownerOperation({
      operationId: 'resendWebhookDelivery',
      permission: 'webhooks.write',
      summary: 'Send a delivery again',
      description:
        'With the same `webhook-id`, so receivers drop duplicates. ' +
        `${perAccount(RATE_LIMIT_RULES.webhookResendsPerAccount)} One no longer waiting is refused (409) ${AT_THE_CAP}.`,
      tags: webhookTags,
      requestParams: { path: z.object({ id: z.string(), deliveryId: z.string() }) },
      responses: { 202: json('Queued.', messageResponseSchema), ...errors(403, 404, 409, 429) },
    }),
  },
  '/api/events': {
    get: ownerOperation({
      operationId: 'streamEvents',
      permission: 'inbox.read',
      summary: "The owner's event stream",
      description:
        'Server-sent events: `retry: 5000`, a heartbeat comment every 25 s, and the events `feedback` and `installation`, each with one JSON `data` line. At most 5 streams per owner; a sixth closes the oldest.',
      tags: ['Events'],
      responses: {
        200: media('The stream, open until logout or shutdown.', 'text/event-stream', z.string()),
        ...errors(503),
      },
    }),
  },
};
