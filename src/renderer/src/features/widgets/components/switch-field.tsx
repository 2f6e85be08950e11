import { Switch } from 'antd';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { WidgetInput } from '../../../../../shared/schemas';

type BooleanField = 'enableFeedback' | 'enableNews' | 'active' | 'lockHosts';

/**
 * A labelled on/off switch of the widget form, with an optional one-line explanation under it
 * (read out with the switch). `onToggle` runs after the value changed.
 */
export function SwitchField({
  control,
  name,
  label,
  description,
  onToggle,
}: {
  control: Control<WidgetInput>;
  name: BooleanField;
  label: string;
  description?: string;
  onToggle?: () => void;
}) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="tb-switch-field">
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value === true}
            aria-describedby={description ? descriptionId : undefined}
            onChange={(checked) => {
              field.onChange(checked);
              onToggle?.();
            }}
          />
          <label htmlFor={id}>{label}</label>
          {description && (
            <p id={descriptionId} className="tb-muted tb-switch-description">
              {description}
            </p>
          )}
        </div>
      )}
    />
  );
}
