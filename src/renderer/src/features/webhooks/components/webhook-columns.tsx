import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { WebhookEndpoint, Widget } from '../../../../../shared/api';
import { ClampedText } from '../../../components/list/clamped-text';
import { eventsText, WEBHOOK_KIND_TEXT } from '../utils/webhook-labels';
import { widgetsText } from '../utils/widgets-text';
import { WebhookActions, type WebhookActionsProps } from './webhook-actions';
import { DisabledReason, WebhookStatus } from './webhook-status';

type Columns = TableColumnsType<WebhookEndpoint>;
export type WebhookColumnsOptions = Omit<WebhookActionsProps, 'webhook' | 'size'> & {
  /** Undefined while the owner's widgets load. */
  widgets: Widget[] | undefined;
};

/** The URL, its kind under it, and why Tellbox switched it off when it did. */
function endpoint(webhook: WebhookEndpoint, extra?: ReactNode) {
  return (
    <span className="tb-cell-stack">
      <strong className="tb-webhook-url">
        <ClampedText text={webhook.url} lines={2} />
      </strong>
      <span className="tb-cell-note">{WEBHOOK_KIND_TEXT[webhook.kind].label}</span>
      {extra}
      <DisabledReason webhook={webhook} />
    </span>
  );
}

function actionsColumn({ widgets: _widgets, ...options }: WebhookColumnsOptions): Columns[number] {
  return {
    title: 'Actions',
    key: 'actions',
    width: 272,
    render: (_, webhook) => (
      <span className="tb-cell-actions">
        <WebhookActions webhook={webhook} size="small" {...options} />
      </span>
    ),
  };
}

/** From 1280 px: the endpoint, what it is sent (events over widgets), its status, the actions. */
export function fullWebhookColumns(options: WebhookColumnsOptions): Columns {
  return [
    { title: 'Endpoint', key: 'url', render: (_, webhook) => endpoint(webhook) },
    {
      title: 'Sends',
      key: 'events',
      width: 232,
      render: (_, webhook) => (
        <span className="tb-cell-stack">
          <span>{eventsText(webhook.events)}</span>
          <span className="tb-cell-note">{widgetsText(webhook.widgetIds, options.widgets)}</span>
        </span>
      ),
    },
    { title: 'Status', key: 'active', width: 112, render: (_, webhook) => <WebhookStatus webhook={webhook} /> },
    actionsColumn(options),
  ];
}

/** From 768 to 1279 px: everything but the actions under the URL. */
export function compactWebhookColumns(options: WebhookColumnsOptions): Columns {
  return [
    {
      title: 'Endpoint',
      key: 'url',
      render: (_, webhook) =>
        endpoint(
          webhook,
          <>
            <span className="tb-cell-note">
              {eventsText(webhook.events)} · {widgetsText(webhook.widgetIds, options.widgets)}
            </span>
            <span className="tb-cell-note">
              <WebhookStatus webhook={webhook} />
            </span>
          </>,
        ),
    },
    actionsColumn(options),
  ];
}
