import type { WebhookEndpoint } from '../../../../../shared/api';
import { ListTable } from '../../../components/list/list-table';
import { useListLayout } from '../../../lib/use-list-layout';
import { WebhookCards } from './webhook-cards';
import { compactWebhookColumns, fullWebhookColumns, type WebhookColumnsOptions } from './webhook-columns';

export interface WebhooksListProps extends WebhookColumnsOptions {
  webhooks: WebhookEndpoint[];
  loading: boolean;
}

/**
 * The owner's endpoints: a table as wide as the page (the events, widgets and status under the URL
 * below 1280 px), cards on a phone. The screen shows its own empty state; this shows the loading.
 */
export function WebhooksList({ webhooks, loading, ...options }: WebhooksListProps) {
  const layout = useListLayout();
  if (layout === 'cards') {
    return <WebhookCards webhooks={webhooks} loading={loading} empty="Loading..." {...options} />;
  }
  return (
    <ListTable<WebhookEndpoint>
      className="tb-webhooks-table"
      rowKey="_id"
      columns={(layout === 'full' ? fullWebhookColumns : compactWebhookColumns)(options)}
      dataSource={webhooks}
      loading={loading}
      locale={{ emptyText: 'Loading...' }}
    />
  );
}
