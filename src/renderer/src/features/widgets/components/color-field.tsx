import { Input } from 'antd';
import { useId, useRef } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { HEX_COLOR_PATTERN, type WidgetInput } from '../../../../../shared/schemas';
import { FieldError } from '../../../components/form/field-error';

/**
 * The widget's colour (docs/product.md §5): a native colour picker and a hex field bound to the same value,
 * so either one updates the other. While the hex text is not a valid colour the picker keeps the
 * last valid one (a colour input cannot show an invalid value).
 */
export function ColorField({ control }: { control: Control<WidgetInput> }) {
  const id = useId();
  const errorId = `${id}-error`;
  const lastValid = useRef('#000000');
  return (
    <Controller
      control={control}
      name="primaryColor"
      render={({ field, fieldState }) => {
        if (HEX_COLOR_PATTERN.test(field.value)) lastValid.current = field.value.toLowerCase();
        return (
          <div className="tb-field">
            <label htmlFor={id}>Primary Color</label>
            <div className="tb-color-row">
              <input
                type="color"
                className="tb-color-picker"
                aria-label="Primary Color picker"
                value={lastValid.current}
                onChange={(event) => field.onChange(event.target.value.toUpperCase())}
              />
              <Input
                id={id}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxLength={7}
                spellCheck={false}
                status={fieldState.error ? 'error' : undefined}
                aria-invalid={fieldState.error ? true : undefined}
                aria-describedby={fieldState.error ? errorId : undefined}
              />
            </div>
            <FieldError id={errorId} message={fieldState.error?.message} />
          </div>
        );
      }}
    />
  );
}
