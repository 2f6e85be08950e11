import { Input } from 'antd';
import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface TextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  type?: 'text' | 'email' | 'password';
  placeholder?: string;
  autoComplete?: string;
}

/** A labelled input bound to react-hook-form, showing the schema's message under it. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  placeholder,
  autoComplete,
}: TextFieldProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
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
          'aria-describedby': fieldState.error ? errorId : undefined,
        };
        return (
          <div className="tb-field">
            <label htmlFor={id}>{label}</label>
            {type === 'password' ? <Input.Password {...common} /> : <Input {...common} type={type} />}
            {fieldState.error?.message ? (
              <div id={errorId} className="tb-field-error" role="alert">
                {fieldState.error.message}
              </div>
            ) : null}
          </div>
        );
      }}
    />
  );
}
