import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FieldError } from './field-error';

interface PlainTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  type?: 'text' | 'email' | 'password';
  placeholder?: string;
  autoComplete?: string;
}

/**
 * A labelled one-line input bound to react-hook-form, showing the schema's message under it: the
 * public pages' field, in plain HTML and CSS (the owner screens use antd's, in TextField).
 */
export function PlainTextField<T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  placeholder,
  autoComplete,
}: PlainTextFieldProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="tb-field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            className={fieldState.error ? 'tb-input tb-input-error' : 'tb-input'}
            type={type}
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            placeholder={placeholder}
            autoComplete={autoComplete}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? errorId : undefined}
          />
          <FieldError id={errorId} message={fieldState.error?.message} />
        </div>
      )}
    />
  );
}
