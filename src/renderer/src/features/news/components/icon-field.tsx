import { Controller, type Control } from 'react-hook-form';
import { NEWS_ICONS, type NewsPostInput } from '../../../../../shared/schemas/news';
import { NEWS_ICON_NAMES } from '../utils/news-icon-names';
import { FieldError } from '../../../components/form/field-error';

/**
 * The post's icon (docs/product.md §5): one native radio per emoji, so arrow keys move between them and
 * each choice has a spoken name ("Rocket") while the emoji itself is what sighted owners see.
 */
export function IconField({ control }: { control: Control<NewsPostInput> }) {
  return (
    <Controller
      control={control}
      name="icon"
      render={({ field, fieldState }) => (
        <fieldset className="tb-fieldset">
          <legend>Icon</legend>
          <div className="tb-icon-options">
            {NEWS_ICONS.map((icon) => (
              <label key={icon} className="tb-icon-option" title={NEWS_ICON_NAMES[icon]}>
                <input
                  type="radio"
                  className="tb-visually-hidden"
                  name={field.name}
                  value={icon}
                  checked={field.value === icon}
                  onChange={() => field.onChange(icon)}
                  onBlur={field.onBlur}
                />
                <span aria-hidden="true">{icon}</span>
                <span className="tb-visually-hidden">{NEWS_ICON_NAMES[icon]}</span>
              </label>
            ))}
          </div>
          <FieldError message={fieldState.error?.message} />
        </fieldset>
      )}
    />
  );
}
