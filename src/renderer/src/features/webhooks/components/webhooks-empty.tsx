import { Button } from 'antd';
import { WebhooksArt } from '../../../components/empty-art/webhooks-art';
import { EmptyState } from '../../../components/empty-state';

/** No endpoint yet: the way to add the first one (without it, for a role that may not add one). */
export function WebhooksEmpty({ onAdd }: { onAdd?: () => void }) {
  return (
    <EmptyState
      framed
      illustration={<WebhooksArt />}
      text="No webhooks yet."
      action={
        onAdd && (
          <Button type="primary" onClick={onAdd}>
            Add your first webhook
          </Button>
        )
      }
    />
  );
}
