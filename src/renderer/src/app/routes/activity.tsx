import { RequirePermission } from '../../components/require-permission';
import { ActivityPage } from '../../features/activity/components/activity-page';

/** `/activity`: owners and admins read the log; anyone else is told which role does. */
export function Component() {
  return (
    <RequirePermission permission="activity.read" title="Activity">
      <ActivityPage />
    </RequirePermission>
  );
}
