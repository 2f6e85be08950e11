import { Badge } from 'antd';
import type { WebhookEndpoint } from '../../../../../shared/api';

/**
 * Active, Off (the owner switched it off) or Disabled (Tellbox did, after failures: the reason
 * is shown beside the endpoint). The word is ours, so it takes the type of where it stands.
 */
export function WebhookStatus({ webhook }: { webhook: WebhookEndpoint }) {
  const [status, word] = webhook.active
    ? (['success', 'Active'] as const)
    : webhook.disabledReason
      ? (['error', 'Disabled'] as const)
      : (['default', 'Off'] as const);
  return (
    <span className="tb-webhook-status">
      <Badge status={status} />
      {word}
    </span>
  );
}

/** Why Tellbox switched the endpoint off, where the owner reads the endpoint. */
export function DisabledReason({ webhook }: { webhook: WebhookEndpoint }) {
  if (webhook.active || !webhook.disabledReason) return null;
  return <span className="tb-webhook-disabled-reason">{webhook.disabledReason}</span>;
}
