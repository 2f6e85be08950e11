import { Input } from 'antd';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { WidgetInput } from '../../../../../shared/schemas';
import {
  MAX_OWNER_TEXT_LENGTH,
  OWNER_TEXT_LABELS,
  type OwnerTextField as OwnerTextName,
  type WidgetLanguage,
} from '../../../../../shared/widget-language';
import { FieldError } from '../../../components/form/field-error';

/** The longer texts get two lines, so most of them show whole. */
const MULTILINE: ReadonlySet<OwnerTextName> = new Set(['placeholder', 'thanks']);

/**
 * One of the owner's texts in one language, with a character counter against its limit (over it,
 * the counter turns red and the schema's message shows on submit). The placeholder is the
 * language's own word, which an empty field leaves in place; both are marked with the language, so
 * a screen reader reads them in it.
 */
export function OwnerTextField({
  control,
  language,
  field: name,
  fallback,
}: {
  control: Control<WidgetInput>;
  language: WidgetLanguage;
  field: OwnerTextName;
  /** What the visitor sees while the field is empty. */
  fallback: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const count = { show: true, max: MAX_OWNER_TEXT_LENGTH[name] };
  return (
    <Controller
      control={control}
      name={`texts.${language}.${name}`}
      render={({ field, fieldState }) => {
        const common = {
          id,
          name: field.name,
          lang: language,
          value: field.value ?? '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          ref: field.ref,
          placeholder: fallback,
          count,
          status: fieldState.error ? ('error' as const) : undefined,
          'aria-invalid': fieldState.error ? true : undefined,
          'aria-describedby': fieldState.error ? errorId : undefined,
        };
        return (
          <div className="tb-field">
            <label htmlFor={id}>{OWNER_TEXT_LABELS[name]}</label>
            {MULTILINE.has(name) ? <Input.TextArea {...common} rows={2} /> : <Input {...common} />}
            <FieldError id={errorId} message={fieldState.error?.message} />
          </div>
        );
      }}
    />
  );
}
