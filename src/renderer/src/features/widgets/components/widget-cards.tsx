import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import type { Widget } from '../../../../../shared/api';
import { ClampedText } from '../../../components/list/clamped-text';
import { ListCard, ListCards } from '../../../components/list/list-cards';
import { RelativeTime } from '../../../components/relative-time';
import { SiteKeyCell } from './site-key-cell';
import { WidgetActions } from './widget-actions';
import type { WidgetColumnsOptions } from './widget-columns';
import { WidgetStatus } from './widget-status';

export interface WidgetCardsProps extends WidgetColumnsOptions {
  widgets: Widget[];
  loading: boolean;
  empty: ReactNode;
  /** The installations panel a card unfolds, as a table row expands to it. */
  renderInstallations: (widget: Widget, buttonSize: 'middle') => ReactNode;
}

/** The installations under a card, behind a button saying how many there are. */
function InstallationsToggle({ widget, children }: { widget: Widget; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="tb-widget-card-installations">
      <Button
        type="text"
        block
        aria-expanded={open}
        aria-controls={panelId}
        // The arrow repeats the words: screen readers skip it.
        icon={open ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
        iconPlacement="end"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide installations' : `Show installations (${widget.installationCount})`}
      </Button>
      {open && <div id={panelId}>{children}</div>}
    </div>
  );
}

/** My Widgets on a phone: a card per widget, its installations folded under it. */
export function WidgetCards({ widgets, loading, empty, renderInstallations, ...actions }: WidgetCardsProps) {
  return (
    <ListCards
      label="My Widgets"
      items={widgets}
      itemKey={(widget) => widget._id}
      loading={loading}
      empty={empty}
      renderCard={(widget) => (
        <ListCard
          title={<ClampedText text={widget.name} lines={3} />}
          aside={<WidgetStatus active={widget.active} />}
          fields={[
            { label: 'Site Key', value: <SiteKeyCell widget={widget} buttonSize="middle" /> },
            { label: 'Created', value: <RelativeTime iso={widget.createdAt} /> },
          ]}
          actions={<WidgetActions widget={widget} size="middle" {...actions} />}
          footer={<InstallationsToggle widget={widget}>{renderInstallations(widget, 'middle')}</InstallationsToggle>}
        />
      )}
    />
  );
}
