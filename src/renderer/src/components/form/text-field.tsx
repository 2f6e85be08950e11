import { Input } from 'antd';
import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FieldError } from './field-error';

interface TextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** `textarea`: several lines (`rows` of them). */
  type?: 'text' | 'email' | 'password' | 'textarea';
  rows?: number;
  placeholder?: string;
  autoComplete?: string;
  /** A line under the label saying why the field is asked for. */
  hint?: string;
}

/** A labelled input (one line or several) bound to react-hook-form, showing the schema's message under it. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  rows = 5,
  placeholder,
  autoComplete,
  hint,
}: TextFieldProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const common = {
          id,
          name: field.name,
          value: (field.value as string | undefined) ?? '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          ref: field.ref,
          placeholder,
          autoComplete,
          status: fieldState.error ? ('error' as const) : undefined,
          'aria-invalid': fieldState.error ? true : undefined,
          'aria-describedby':
            [hint ? hintId : '', fieldState.error ? errorId : ''].filter(Boolean).join(' ') || undefined,
        };
        return (
          <div className="tb-field">
            <label htmlFor={id}>{label}</label>
            {hint ? (
              <div id={hintId} className="tb-field-hint">
                {hint}
              </div>
            ) : null}
            {type === 'password' ? (
              <Input.Password {...common} />
            ) : type === 'textarea' ? (
              <Input.TextArea {...common} rows={rows} />
            ) : (
              <Input {...common} type={type} />
            )}
            <FieldError id={errorId} message={fieldState.error?.message} />
          </div>
        );
      }}
    />
  );
}
