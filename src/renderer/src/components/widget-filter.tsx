import { Select } from 'antd';
import { useId } from 'react';
import type { Widget } from '../../../shared/api';
import { ALL_WIDGETS } from '../hooks/use-widget-filter-param';

export interface WidgetFilterProps {
  /** The owner's widgets; undefined while they load. */
  widgets: Widget[] | undefined;
  /** The selected widget's id, or null for all widgets. */
  value: string | null;
  onChange: (widgetId: string | null) => void;
}

/** The labelled "Filter by widget" select of /feedback and /news: All widgets or one widget. */
export function WidgetFilter({ widgets, value, onChange }: WidgetFilterProps) {
  const id = useId();
  const options = [
    { value: ALL_WIDGETS, label: 'All widgets' },
    ...(widgets ?? []).map((widget) => ({ value: widget._id, label: widget.name })),
  ];
  return (
    <div className="tb-widget-filter">
      <label htmlFor={id}>Filter by widget</label>
      <Select
        id={id}
        className="tb-widget-filter-select"
        // Until the names are known, show none rather than a bare id or a wrong "All widgets".
        value={widgets ? (value ?? ALL_WIDGETS) : undefined}
        placeholder="Loading..."
        loading={!widgets}
        disabled={!widgets}
        options={options}
        popupMatchSelectWidth={false}
        onChange={(next: string) => onChange(next === ALL_WIDGETS ? null : next)}
      />
    </div>
  );
}
