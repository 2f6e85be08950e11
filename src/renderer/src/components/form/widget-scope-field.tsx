import { Radio, Select } from 'antd';
import { useId, useRef } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { Widget } from '../../../../shared/api';
import { FieldError } from './field-error';
import './widget-scope-field.css';

interface WidgetScopeFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** A `string[] | null` field: null for every widget, present and future (the API's meaning). */
  name: FieldPathByValue<T, string[] | null>;
  /** Undefined while the owner's widgets load. */
  widgets: Widget[] | undefined;
  /** The fieldset's legend. */
  legend: string;
  /** What "every widget" covers, in the words of the screen ("Alerts for all widgets…"). */
  allLabel: string;
}

/**
 * Which widgets something covers: all of them (including ones created later) or the chosen ones,
 * picked from a multiple select that appears only for the second choice. Switching back and forth
 * keeps the widgets picked before, so a misclick costs nothing.
 */
export function WidgetScopeField<T extends FieldValues>({
  control,
  name,
  widgets,
  legend,
  allLabel,
}: WidgetScopeFieldProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  const lastChosen = useRef<string[]>([]);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = field.value as string[] | null;
        if (chosen !== null) lastChosen.current = chosen;
        const message = fieldState.error?.message;
        return (
          <fieldset className="tb-fieldset tb-widget-scope">
            <legend>{legend}</legend>
            <Radio.Group
              vertical
              name={field.name}
              value={chosen === null ? 'all' : 'chosen'}
              onChange={(event) => field.onChange(event.target.value === 'all' ? null : lastChosen.current)}
              options={[
                { value: 'all', label: allLabel },
                { value: 'chosen', label: 'Only the widgets I choose' },
              ]}
            />
            {chosen !== null && (
              <Select
                mode="multiple"
                aria-label="Chosen widgets"
                className="tb-block-select tb-widget-scope-select"
                placeholder={widgets?.length === 0 ? 'You have no widgets yet' : 'Choose widgets'}
                loading={widgets === undefined}
                value={chosen}
                onChange={(ids: string[]) => field.onChange(ids)}
                onBlur={field.onBlur}
                ref={field.ref}
                options={(widgets ?? []).map((widget) => ({ value: widget._id, label: widget.name }))}
                optionFilterProp="label"
                status={message ? 'error' : undefined}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? errorId : undefined}
              />
            )}
            <FieldError id={errorId} message={message} />
          </fieldset>
        );
      }}
    />
  );
}
