import { Input } from 'antd';
import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface TextAreaFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  rows?: number;
}

/** A labelled multi-line input bound to react-hook-form, showing the schema's message under it. */
export function TextAreaField<T extends FieldValues>({ control, name, label, rows = 5 }: TextAreaFieldProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="tb-field">
          <label htmlFor={id}>{label}</label>
          <Input.TextArea
            id={id}
            name={field.name}
            rows={rows}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            status={fieldState.error ? 'error' : undefined}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? errorId : undefined}
          />
          {fieldState.error?.message ? (
            <div id={errorId} className="tb-field-error" role="alert">
              {fieldState.error.message}
            </div>
          ) : null}
        </div>
      )}
    />
  );
}
