import { Radio } from 'antd';
import { Controller, type Control } from 'react-hook-form';
import type { NewsPostInput } from '../../../../../shared/schemas/news';

/** Draft or published (docs/product.md §4): only published posts show in the widget. */
export function StatusField({ control }: { control: Control<NewsPostInput> }) {
  return (
    <Controller
      control={control}
      name="status"
      render={({ field }) => (
        <fieldset className="tb-fieldset">
          <legend>Status</legend>
          <Radio.Group
            name={field.name}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            options={[
              { value: 'published', label: 'Published' },
              { value: 'draft', label: 'Draft' },
            ]}
          />
        </fieldset>
      )}
    />
  );
}
