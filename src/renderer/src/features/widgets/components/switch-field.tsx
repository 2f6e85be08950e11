import { Switch } from 'antd';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { WidgetInput } from '../../../../../shared/schemas';

type BooleanField = 'enableFeedback' | 'enableNews' | 'active';

/** A labelled on/off switch of the widget form. `onToggle` runs after the value changed. */
export function SwitchField({
  control,
  name,
  label,
  onToggle,
}: {
  control: Control<WidgetInput>;
  name: BooleanField;
  label: string;
  onToggle?: () => void;
}) {
  const id = useId();
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
            onChange={(checked) => {
              field.onChange(checked);
              onToggle?.();
            }}
          />
          <label htmlFor={id}>{label}</label>
        </div>
      )}
    />
  );
}
