import { Button } from 'antd';

/** No endpoint yet: the way to add the first one. */
export function WebhooksEmpty({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="tb-webhooks-empty" role="status">
      <p>No webhooks yet.</p>
      <Button type="primary" onClick={onAdd}>
        Add your first webhook
      </Button>
    </div>
  );
}
