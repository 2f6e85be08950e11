import { RequirePermission } from '../../components/require-permission';
import { WebhooksPage } from '../../features/webhooks/components/webhooks-page';

/** `/webhooks`: members read the endpoints and their logs; a viewer is told which role does. */
export function Component() {
  return (
    <RequirePermission permission="webhooks.read" title="Webhooks">
      <WebhooksPage />
    </RequirePermission>
  );
}
