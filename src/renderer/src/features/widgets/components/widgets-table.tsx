import { Badge, Button, Table, type TableColumnsType } from 'antd';
import type { Widget } from '../../../../../shared/api';
import { RelativeTime } from '../../../components/relative-time';
import type { InstallationsPanelProps } from './installations-panel';
import { InstallationsPanel } from './installations-panel';
import { SiteKeyCell } from './site-key-cell';

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
}

/**
 * The My Widgets table (spec §2): name, site key, created, status, actions. Each row expands to
 * the widget's installations. It scrolls inside itself on narrow screens.
 */
export function WidgetsTable(props: WidgetsTableProps) {
  const { widgets, loading, limits, removingHost, onEdit, onSnippet, onDelete, onRemoveInstallation } = props;
  const columns: TableColumnsType<Widget> = [
    { title: 'Name', dataIndex: 'name', key: 'name', render: (name: string) => <strong>{name}</strong> },
    { title: 'Site Key', key: 'key', render: (_, widget) => <SiteKeyCell widget={widget} /> },
    { title: 'Created', key: 'createdAt', render: (_, widget) => <RelativeTime iso={widget.createdAt} /> },
    {
      title: 'Status',
      key: 'active',
      render: (_, widget) =>
        widget.active ? <Badge status="success" text="Active" /> : <Badge status="default" text="Inactive" />,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, widget) => (
        <span className="tb-row-actions">
          <Button size="small" aria-label={`Edit ${widget.name}`} onClick={() => onEdit(widget)}>
            Edit
          </Button>
          <Button size="small" aria-label={`Snippet of ${widget.name}`} onClick={() => onSnippet(widget)}>
            Snippet
          </Button>
          <Button size="small" danger aria-label={`Delete ${widget.name}`} onClick={() => onDelete(widget)}>
            Delete
          </Button>
        </span>
      ),
    },
  ];

  return (
    <Table<Widget>
      rowKey="_id"
      columns={columns}
      dataSource={widgets}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      // While loading, the spinner speaks; the empty text would be a false claim.
      locale={{ emptyText: loading ? 'Loading...' : NO_WIDGETS_TEXT }}
      expandable={{
        // A fixed expand column makes antd pin the expanded row to the visible width, so on a
        // phone the installations wrap on screen instead of scrolling sideways with the table.
        fixed: 'left',
        expandedRowRender: (widget) => (
          <InstallationsPanel
            widget={widget}
            limits={limits}
            removingHost={removingHost}
            onRemove={(host) => onRemoveInstallation(widget, host)}
          />
        ),
      }}
    />
  );
}
