import { InputNumber } from 'antd';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { MAX_LAUNCHER_OFFSET, type WidgetInput } from '../../../../../shared/schemas';
import { FieldError } from '../../../components/form/field-error';

/**
 * One of the launcher's distances from its corner, in CSS pixels. No min or max on the input
 * itself: it would quietly change 250 into 200 on blur, where the schema's message says why.
 */
export function OffsetField({
  control,
  name,
  label,
  hint,
}: {
  control: Control<WidgetInput>;
  name: 'offsetX' | 'offsetY';
  label: string;
  hint: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="tb-field">
          <label htmlFor={id}>{label}</label>
          <div id={hintId} className="tb-field-hint">
            {hint} (0–{MAX_LAUNCHER_OFFSET} px)
          </div>
          <InputNumber
            id={id}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            suffix="px"
            inputMode="numeric"
            className="tb-block"
            status={fieldState.error ? 'error' : undefined}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${hintId} ${errorId}` : hintId}
          />
          <FieldError id={errorId} message={fieldState.error?.message} />
        </div>
      )}
    />
  );
}
