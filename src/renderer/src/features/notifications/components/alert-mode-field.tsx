import { Radio } from 'antd';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { NotificationSettings } from '../../../../../shared/schemas/notifications';
import { FieldError } from '../../../components/form/field-error';
import { ALERT_MODE_OPTIONS } from '../utils/alert-modes';

/**
 * Instant, daily digest or off, each with the line that says what it sends. The line is the
 * radio's description, not part of its name, so a screen reader says "Instant" and then why.
 */
export function AlertModeField({ control }: { control: Control<NotificationSettings> }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name="email.mode"
      render={({ field, fieldState }) => (
        <fieldset className="tb-fieldset">
          <legend>E-mail me about new feedback</legend>
          <Radio.Group
            name={field.name}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            className="tb-choice-list"
          >
            {ALERT_MODE_OPTIONS.map(({ mode, label, description }) => (
              <div key={mode} className="tb-choice">
                <Radio
                  value={mode}
                  aria-describedby={`${id}-${mode}`}
                  ref={mode === field.value ? field.ref : undefined}
                >
                  {label}
                </Radio>
                <p id={`${id}-${mode}`} className="tb-choice-description tb-muted">
                  {description}
                </p>
              </div>
            ))}
          </Radio.Group>
          <FieldError message={fieldState.error?.message} />
        </fieldset>
      )}
    />
  );
}
