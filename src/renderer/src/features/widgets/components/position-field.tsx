import { Select } from 'antd';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { WidgetInput, WidgetPosition } from '../../../../../shared/schemas';

const POSITION_OPTIONS: { value: WidgetPosition; label: string }[] = [
  { value: 'bottom-right', label: 'Bottom right' },
  { value: 'bottom-left', label: 'Bottom left' },
];

/** Where the widget's button sits on the owner's pages (docs/product.md §5: bottom-right or bottom-left). */
export function PositionField({ control }: { control: Control<WidgetInput> }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name="position"
      render={({ field }) => (
        <div className="tb-field">
          <label htmlFor={id}>Position</label>
          <Select
            id={id}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            options={POSITION_OPTIONS}
            className="tb-block"
          />
        </div>
      )}
    />
  );
}
