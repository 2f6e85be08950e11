import { RequirePermission } from '../../components/require-permission';
import { WidgetsPage } from '../../features/widgets/components/widgets-page';

/** `/widgets`: members read the widgets and their sites; a viewer is told which role does. */
export function Component() {
  return (
    <RequirePermission permission="widgets.read" title="My Widgets">
      <WidgetsPage />
    </RequirePermission>
  );
}
