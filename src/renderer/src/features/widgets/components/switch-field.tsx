import { Switch } from 'antd';
import { useId, type ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { WidgetInput } from '../../../../../shared/schemas';

type BooleanField = 'enableFeedback' | 'enableNews' | 'active' | 'lockHosts' | 'hideLauncher' | 'publicChangelog';

/**
 * A labelled on/off switch of the widget form, with an optional explanation under it (read out
 * with the switch). `onToggle` runs after the value changed.
 */
export function SwitchField({
  control,
  name,
  label,
  description,
  disabled = false,
  onToggle,
}: {
  control: Control<WidgetInput>;
  name: BooleanField;
  label: string;
  description?: ReactNode;
  /** Greyed out and fixed, keeping its value (what it controls does not apply now). */
  disabled?: boolean;
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
            disabled={disabled}
            aria-describedby={description ? descriptionId : undefined}
            onChange={(checked) => {
              field.onChange(checked);
              onToggle?.();
            }}
          />
          <label htmlFor={id}>{label}</label>
          {description && (
            <div id={descriptionId} className="tb-muted tb-switch-description">
              {description}
            </div>
          )}
        </div>
      )}
    />
  );
}
