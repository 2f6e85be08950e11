import { useState } from 'react';
import type { WebhookAttempt, WebhookEndpoint, WebhookWithSecret } from '../../../../../shared/api';
import type { WebhookData } from '../../../../../shared/schemas/webhooks';
import { useConfirm } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/use-toast';
import { useUpgradeAction } from '../../../lib/use-upgrade-action';
import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import type { WebhookPlan } from './use-webhook-plan';

const SAVE_FAILED = 'Failed to save webhook. Please try again.';

/** How a save went; a failure carries the error, whose field issues the form shows. */
export type SaveResult = { ok: true } | { ok: false; error: unknown };

/** A secret the owner sees once: after a create, or after a rotation. */
export interface ShownSecret {
  reason: 'created' | 'rotated';
  webhook: WebhookWithSecret;
}

/** The server's own words for a refusal (a URL it will not call, the endpoint limit), else none. */
function serverWords(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? (error.serverMessage ?? undefined) : undefined;
}

/**
 * What the webhooks screen does, each with its toast: create (the secret shown once; a plan
 * without webhooks gets the upgrade), update, delete and rotate after confirmation, a test event,
 * and resending a delivery.
 */
export function useWebhookActions(plan: WebhookPlan) {
  const toast = useToast();
  const confirm = useConfirm();
  const upgrade = useUpgradeAction();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestWebhook();
  const resend = useResendWebhookDelivery();
  const [shownSecret, setShownSecret] = useState<ShownSecret | null>(null);
  const [resending, setResending] = useState<string | null>(null);

  const failed = async (title: string, error: unknown) => {
    // The plan changed since the screen was drawn (another tab, an expired subscription): the
    // screen turns into the upgrade prompt, and the toast says why with the way out.
    const planNow = error instanceof ApiError && error.status === 403 ? await plan.refetch() : undefined;
    const upgradePlan = planNow && !planNow.allowed ? planNow.upgradePlan : null;
    toast.error(title, serverWords(error), { action: upgrade(upgradePlan) });
  };

  return {
    shownSecret,
    closeSecret: () => setShownSecret(null),
    /** The delivery being resent, so its button alone spins. */
    resending,

    async create(values: WebhookData): Promise<SaveResult> {
      try {
        const webhook = await create.mutateAsync(values);
        toast.success('Webhook added');
        setShownSecret({ reason: 'created', webhook });
        return { ok: true };
      } catch (error) {
        await failed(SAVE_FAILED, error);
        return { ok: false, error };
      }
    },

    async update(id: string, values: WebhookData): Promise<SaveResult> {
      try {
        await update.mutateAsync({ id, input: values });
        toast.success('Webhook updated');
        return { ok: true };
      } catch (error) {
        await failed(SAVE_FAILED, error);
        return { ok: false, error };
      }
    },

    confirmDelete(webhook: WebhookEndpoint) {
      confirm({
        title: 'Delete webhook?',
        content: `Nothing more is sent to ${webhook.url}, and its delivery log is deleted. This action cannot be undone.`,
        okText: 'Delete',
        onOk: async () => {
          try {
            await remove.mutateAsync(webhook._id);
            toast.success('Webhook deleted');
          } catch (error) {
            await failed('Failed to delete webhook. Please try again.', error);
          }
        },
      });
    },

    confirmRotate(webhook: WebhookEndpoint) {
      confirm({
        title: 'Rotate signing secret?',
        content: `A new secret signs every delivery to ${webhook.url} from now on, and the current one stops working at once. Update your endpoint with the new secret straight away.`,
        okText: 'Rotate secret',
        onOk: async () => {
          try {
            setShownSecret({ reason: 'rotated', webhook: await rotate.mutateAsync(webhook._id) });
          } catch (error) {
            await failed('Failed to rotate the secret. Please try again.', error);
          }
        },
      });
    },

    async sendTest(webhook: WebhookEndpoint) {
      try {
        const { message } = await test.mutateAsync(webhook._id);
        toast.success(message, 'It shows in the delivery log once it has been sent.');
      } catch (error) {
        await failed('Failed to send the test event. Please try again.', error);
      }
    },

    async resend(webhook: WebhookEndpoint, attempt: WebhookAttempt) {
      setResending(attempt._id);
      try {
        const { message } = await resend.mutateAsync({ webhookId: webhook._id, deliveryId: attempt.deliveryId });
        toast.success(message);
      } catch (error) {
        await failed('Failed to resend the delivery. Please try again.', error);
      } finally {
        setResending(null);
      }
    },
  };
}

export type WebhookActions = ReturnType<typeof useWebhookActions>;
