import { Select } from 'antd';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { NotificationSettings } from '../../../../../shared/schemas/notifications';
import { FieldError } from '../../../components/form/field-error';
import { DIGEST_HOURS, formatHour } from '../utils/digest-hours';

const HOUR_OPTIONS = DIGEST_HOURS.map((hour) => ({ value: hour, label: formatHour(hour) }));

/** The daily digest's hour, on the owner's clock: the zone it is read in is named under it. */
export function DigestHourField({ control, timeZone }: { control: Control<NotificationSettings>; timeZone: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Controller
      control={control}
      name="email.hour"
      render={({ field, fieldState }) => (
        <div className="tb-field">
          <label htmlFor={id}>Send the digest at</label>
          <Select
            id={id}
            className="tb-digest-hour"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            options={HOUR_OPTIONS}
            status={fieldState.error ? 'error' : undefined}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={[hintId, fieldState.error ? errorId : ''].filter(Boolean).join(' ')}
          />
          <div id={hintId} className="tb-field-hint tb-digest-zone">
            Your time zone: <strong>{timeZone}</strong>
          </div>
          <FieldError id={errorId} message={fieldState.error?.message} />
        </div>
      )}
    />
  );
}
