import type { TableColumnsType } from 'antd';
import type { Widget } from '../../../../../shared/api';
import { ClampedText } from '../../../components/list/clamped-text';
import { RelativeTime } from '../../../components/relative-time';
import { SiteKeyCell } from './site-key-cell';
import { WidgetActions, type WidgetActionsProps } from './widget-actions';
import { WidgetStatus } from './widget-status';

type Columns = TableColumnsType<Widget>;
export type WidgetColumnsOptions = Omit<WidgetActionsProps, 'widget' | 'size'>;

// Widths in px, padding included; the name takes what is left.
const name = (widget: Widget) => (
  <strong>
    <ClampedText text={widget.name} lines={2} />
  </strong>
);

function actionsColumn(options: WidgetColumnsOptions): Columns[number] {
  return {
    title: 'Actions',
    key: 'actions',
    width: 216,
    render: (_, widget) => (
      <span className="tb-cell-actions">
        <WidgetActions widget={widget} size="small" {...options} />
      </span>
    ),
  };
}

/** From 1280 px: the columns of docs/product.md §2, each on its own. */
export function fullWidgetColumns(options: WidgetColumnsOptions): Columns {
  return [
    { title: 'Name', key: 'name', render: (_, widget) => name(widget) },
    { title: 'Site Key', key: 'key', width: 168, render: (_, widget) => <SiteKeyCell widget={widget} /> },
    { title: 'Created', key: 'createdAt', width: 136, render: (_, widget) => <RelativeTime iso={widget.createdAt} /> },
    { title: 'Status', key: 'active', width: 112, render: (_, widget) => <WidgetStatus active={widget.active} /> },
    actionsColumn(options),
  ];
}

/** From 768 to 1279 px: the name with its site key, status and age under it, and the actions. */
export function compactWidgetColumns(options: WidgetColumnsOptions): Columns {
  return [
    {
      title: 'Name',
      key: 'name',
      render: (_, widget) => (
        <span className="tb-cell-stack tb-widget-summary">
          {name(widget)}
          <SiteKeyCell widget={widget} />
          <span className="tb-cell-note tb-widget-meta">
            <WidgetStatus active={widget.active} />
            <span>
              · created <RelativeTime iso={widget.createdAt} />
            </span>
          </span>
        </span>
      ),
    },
    actionsColumn(options),
  ];
}
