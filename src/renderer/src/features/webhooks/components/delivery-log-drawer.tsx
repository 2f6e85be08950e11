import { Button, Drawer } from 'antd';
import type { WebhookAttempt, WebhookEndpoint } from '../../../../../shared/api';
import { WEBHOOK_LOG_SIZE } from '../../../../../shared/schemas/webhooks';
import { ListCard, ListCards } from '../../../components/list/list-cards';
import { ListTable } from '../../../components/list/list-table';
import { LoadError } from '../../../components/load-error';
import { RelativeTime } from '../../../components/relative-time';
import { useListLayout } from '../../../lib/use-list-layout';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import {
  AttemptEvent,
  AttemptResponse,
  AttemptStatus,
  deliveryLogColumns,
  formatDuration,
  ResendButton,
  type AttemptActionsOptions,
} from './delivery-log-columns';

const NO_ATTEMPTS = 'No deliveries yet. Send a test event to see one here.';

export interface DeliveryLogDrawerProps {
  /** The endpoint whose log is open, or null. */
  webhook: WebhookEndpoint | null;
  /** The plan sends webhooks: a test and resends are offered. */
  canSend: boolean;
  resending: string | null;
  onResend: (webhook: WebhookEndpoint, attempt: WebhookAttempt) => void;
  onTest: (webhook: WebhookEndpoint) => void;
  onClose: () => void;
}

/**
 * An endpoint's last attempts, newest first, refreshed while open: a table beside the page, a card
 * per attempt on a phone, each with Resend (the same `webhook-id`, so the endpoint can tell).
 */
export function DeliveryLogDrawer({ webhook, canSend, resending, onResend, onTest, onClose }: DeliveryLogDrawerProps) {
  const log = useWebhookDeliveries(webhook?._id ?? null);
  const layout = useListLayout();
  const attempts = log.data ?? [];
  const options: AttemptActionsOptions = {
    resending,
    onResend: canSend && webhook ? (attempt) => onResend(webhook, attempt) : null,
  };
  const empty = log.isPending ? 'Loading...' : NO_ATTEMPTS;

  return (
    <Drawer
      open={webhook !== null}
      onClose={onClose}
      placement="right"
      size="min(100vw, 960px)"
      destroyOnHidden
      title="Delivery log"
      extra={
        canSend && webhook ? (
          <Button onClick={() => onTest(webhook)} aria-label={`Send test event to ${webhook.url}`}>
            Send test
          </Button>
        ) : null
      }
    >
      {webhook && (
        <>
          <p className="tb-delivery-log-intro">
            <strong className="tb-break">{webhook.url}</strong>
            <br />
            <span className="tb-muted">The last {WEBHOOK_LOG_SIZE} attempts, newest first.</span>
          </p>
          {log.isError ? (
            <LoadError
              message="Failed to load the delivery log. Please try again."
              onRetry={() => void log.refetch()}
            />
          ) : layout === 'cards' ? (
            <ListCards
              label="Delivery attempts"
              items={attempts}
              itemKey={(attempt) => attempt._id}
              loading={false}
              empty={empty}
              renderCard={(attempt) => (
                <ListCard
                  title={<AttemptEvent attempt={attempt} />}
                  aside={<AttemptStatus attempt={attempt} />}
                  fields={[
                    { label: 'Time', value: <RelativeTime iso={attempt.attemptedAt} /> },
                    { label: 'Duration', value: formatDuration(attempt.durationMs) },
                    { label: 'Response', value: <AttemptResponse attempt={attempt} /> },
                  ]}
                  actions={<ResendButton attempt={attempt} size="middle" {...options} />}
                />
              )}
            />
          ) : (
            <ListTable<WebhookAttempt>
              className="tb-delivery-log"
              rowKey="_id"
              columns={deliveryLogColumns(options)}
              dataSource={attempts}
              loading={log.isPending}
              locale={{ emptyText: empty }}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
