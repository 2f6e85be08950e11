import { Button, type ButtonProps } from 'antd';
import type { WebhookEndpoint } from '../../../../../shared/api';
import { useCan } from '../../../lib/workspace/use-permission';

export interface WebhookActionsProps {
  webhook: WebhookEndpoint;
  size: ButtonProps['size'];
  /** The plan sends webhooks: a test event can go (on free the server refuses it). */
  canSend: boolean;
  onEdit: (webhook: WebhookEndpoint) => void;
  onTest: (webhook: WebhookEndpoint) => void;
  onLog: (webhook: WebhookEndpoint) => void;
  onRotate: (webhook: WebhookEndpoint) => void;
  onDelete: (webhook: WebhookEndpoint) => void;
}

/**
 * An endpoint's actions, each named for its URL so a screen reader says which row it acts on. A
 * role that may not change webhooks reads the delivery log only.
 */
export function WebhookActions(props: WebhookActionsProps) {
  const { webhook, size, canSend, onEdit, onTest, onLog, onRotate, onDelete } = props;
  const writes = useCan('webhooks.write');
  const of = webhook.url;
  if (!writes) {
    return (
      <Button size={size} aria-label={`Delivery log of ${of}`} onClick={() => onLog(webhook)}>
        Delivery log
      </Button>
    );
  }
  return (
    <>
      <Button size={size} aria-label={`Edit ${of}`} onClick={() => onEdit(webhook)}>
        Edit
      </Button>
      {canSend && (
        <Button size={size} aria-label={`Send test event to ${of}`} onClick={() => onTest(webhook)}>
          Send test
        </Button>
      )}
      <Button size={size} aria-label={`Delivery log of ${of}`} onClick={() => onLog(webhook)}>
        Delivery log
      </Button>
      <Button size={size} aria-label={`Rotate secret of ${of}`} onClick={() => onRotate(webhook)}>
        Rotate secret
      </Button>
      <Button size={size} danger aria-label={`Delete ${of}`} onClick={() => onDelete(webhook)}>
        Delete
      </Button>
    </>
  );
}
