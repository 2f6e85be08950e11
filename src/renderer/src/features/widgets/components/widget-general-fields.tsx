import type { Control, FieldErrors } from 'react-hook-form';
import type { WidgetInput } from '../../../../../shared/schemas';
import { FieldError } from '../../../components/form/field-error';
import { TextField } from '../../../components/form/text-field';
import { ChangelogField } from './changelog-field';
import { ColorField } from './color-field';
import { PositionField } from './position-field';
import { SwitchField } from './switch-field';

const LOCK_HOSTS_DESCRIPTION = 'No new site can register this widget; the sites under Installations keep working.';

/**
 * The widget form's first tab: the fields of docs/product.md §5 (name, position, colour, the
 * features), the public changelog beside News, and in edit mode Active and the host lock.
 */
export function WidgetGeneralFields({
  control,
  mode,
  errors,
  changelogUrl,
  onFeatureToggle,
}: {
  control: Control<WidgetInput>;
  mode: 'create' | 'edit';
  errors: FieldErrors<WidgetInput>;
  changelogUrl?: string;
  /** The "at least one feature" rule spans both switches: re-checked whichever one moves. */
  onFeatureToggle: () => void;
}) {
  return (
    <>
      <TextField control={control} name="name" label="Name" placeholder="My website" />
      <PositionField control={control} />
      <ColorField control={control} />
      <fieldset className="tb-fieldset">
        <legend>Features</legend>
        <SwitchField control={control} name="enableFeedback" label="Enable Feedback" onToggle={onFeatureToggle} />
        <SwitchField control={control} name="enableNews" label="Enable News" onToggle={onFeatureToggle} />
        <FieldError message={errors.enableFeedback?.message} />
        <ChangelogField control={control} url={changelogUrl} />
      </fieldset>
      {mode === 'edit' && (
        <>
          <SwitchField control={control} name="active" label="Active" />
          <SwitchField
            control={control}
            name="lockHosts"
            label="Lock to current sites"
            description={LOCK_HOSTS_DESCRIPTION}
          />
        </>
      )}
    </>
  );
}
