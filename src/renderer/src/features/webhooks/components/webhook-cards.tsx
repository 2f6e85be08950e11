import type { ReactNode } from 'react';
import type { WebhookEndpoint } from '../../../../../shared/api';
import { ClampedText } from '../../../components/list/clamped-text';
import { ListCard, ListCards } from '../../../components/list/list-cards';
import { eventsText, WEBHOOK_KIND_TEXT } from '../utils/webhook-labels';
import { widgetsText } from '../utils/widgets-text';
import { WebhookActions } from './webhook-actions';
import type { WebhookColumnsOptions } from './webhook-columns';
import { DisabledReason, WebhookStatus } from './webhook-status';

export interface WebhookCardsProps extends WebhookColumnsOptions {
  webhooks: WebhookEndpoint[];
  loading: boolean;
  empty: ReactNode;
}

/** The endpoints on a phone: a card each, the URL as its title and every action a full-size button. */
export function WebhookCards({ webhooks, loading, empty, widgets, ...actions }: WebhookCardsProps) {
  return (
    <ListCards
      label="Webhooks"
      items={webhooks}
      itemKey={(webhook) => webhook._id}
      loading={loading}
      empty={empty}
      renderCard={(webhook) => (
        <ListCard
          title={<ClampedText text={webhook.url} lines={3} />}
          aside={<WebhookStatus webhook={webhook} />}
          body={webhook.disabledReason && !webhook.active ? <DisabledReason webhook={webhook} /> : undefined}
          fields={[
            { label: 'Kind', value: WEBHOOK_KIND_TEXT[webhook.kind].label },
            { label: 'Events', value: eventsText(webhook.events) },
            { label: 'Widgets', value: widgetsText(webhook.widgetIds, widgets) },
          ]}
          actions={<WebhookActions webhook={webhook} size="middle" {...actions} />}
        />
      )}
    />
  );
}
