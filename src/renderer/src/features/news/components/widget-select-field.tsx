import { Select } from 'antd';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { Widget } from '../../../../../shared/api';
import type { NewsPostInput } from '../../../../../shared/schemas/news';
import { FieldError } from '../../../components/form/field-error';

interface WidgetSelectFieldProps {
  control: Control<NewsPostInput>;
  widgets: Widget[];
  /** docs/product.md §5: the select is disabled when the page's widget filter preselected it. */
  locked: boolean;
}

/** The post's widget: a labelled select with the schema's "Please select a widget". */
export function WidgetSelectField({ control, widgets, locked }: WidgetSelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Controller
      control={control}
      name="widgetId"
      render={({ field, fieldState }) => (
        <div className="tb-field">
          <label htmlFor={id}>Widget</label>
          <Select
            id={id}
            value={field.value || undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={locked}
            placeholder="Select a widget"
            options={widgets.map((widget) => ({ value: widget._id, label: widget.name }))}
            status={fieldState.error ? 'error' : undefined}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? errorId : undefined}
            className="tb-block-select"
          />
          <FieldError id={errorId} message={fieldState.error?.message} />
        </div>
      )}
    />
  );
}
