import { Button, type ButtonProps } from 'antd';
import type { Widget } from '../../../../../shared/api';
import { WidgetsArt } from '../../../components/empty-art/widgets-art';
import { EmptyState } from '../../../components/empty-state';
import { ListTable } from '../../../components/list/list-table';
import { useListLayout } from '../../../lib/use-list-layout';
import type { InstallationsPanelProps } from './installations-panel';
import { InstallationsPanel } from './installations-panel';
import { WidgetCards } from './widget-cards';
import { compactWidgetColumns, fullWidgetColumns } from './widget-columns';
import './widgets-table.css';

const NO_WIDGETS_TEXT = 'No widgets found. Create your first widget to get started.';

export interface WidgetsTableProps {
  widgets: Widget[];
  loading: boolean;
  limits: InstallationsPanelProps['limits'];
  removingHost: string | null;
  onEdit: (widget: Widget) => void;
  onSnippet: (widget: Widget) => void;
  onDelete: (widget: Widget) => void;
  onRemoveInstallation: (widget: Widget, host: string) => void;
  /** Opens the create dialog; absent for a role that may not create widgets. */
  onCreate?: () => void;
}

/**
 * The My Widgets list (docs/product.md §2): name, site key, created, status, actions; each widget unfolds to
 * its installations. A table as wide as the page (the name over its key, status and age below
 * 1280 px), cards on a phone.
 */
export function WidgetsTable(props: WidgetsTableProps) {
  const { widgets, loading, limits, removingHost, onRemoveInstallation, onCreate, ...actions } = props;
  const layout = useListLayout();
  // While loading, the spinner speaks; the empty text would be a false claim.
  const empty = loading ? (
    'Loading...'
  ) : (
    <EmptyState
      illustration={<WidgetsArt />}
      text={NO_WIDGETS_TEXT}
      action={
        onCreate && (
          <Button type="primary" onClick={onCreate}>
            Create your first widget
          </Button>
        )
      }
    />
  );
  const installations = (widget: Widget, buttonSize: ButtonProps['size']) => (
    <InstallationsPanel
      widget={widget}
      limits={limits}
      removingHost={removingHost}
      buttonSize={buttonSize}
      onRemove={(host) => onRemoveInstallation(widget, host)}
    />
  );

  if (layout === 'cards') {
    return (
      <WidgetCards widgets={widgets} loading={loading} empty={empty} renderInstallations={installations} {...actions} />
    );
  }
  return (
    <ListTable<Widget>
      className="tb-widgets-table"
      rowKey="_id"
      columns={(layout === 'full' ? fullWidgetColumns : compactWidgetColumns)(actions)}
      dataSource={widgets}
      loading={loading}
      locale={{ emptyText: empty }}
      expandable={{ columnWidth: 48, expandedRowRender: (widget) => installations(widget, 'small') }}
    />
  );
}
