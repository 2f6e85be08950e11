import { useWatch, type Control } from 'react-hook-form';
import type { WidgetInput } from '../../../../../shared/schemas';
import { CopyButton } from './copy-button';
import { OffsetField } from './offset-field';
import { SwitchField } from './switch-field';

/** A button of the owner's own that opens the widget: one line for their page. */
export const OWN_BUTTON_SNIPPET = '<button type="button" onclick="Tellbox.open()">Feedback</button>';

/**
 * The launcher: hidden for owners with a button of their own (which calls `Tellbox.open()`), and
 * how far it (and the dialog above it) sits from its corner.
 */
export function LauncherFields({ control }: { control: Control<WidgetInput> }) {
  const hidden = useWatch({ control, name: 'hideLauncher' });
  return (
    <>
      <SwitchField
        control={control}
        name="hideLauncher"
        label="Hide the launcher"
        description={
          <>
            For a button of your own on your page: it opens the widget with <code>Tellbox.open()</code>.
          </>
        }
      />
      {hidden && (
        <div className="tb-own-button">
          <pre className="tb-snippet" aria-label="Your button's snippet" tabIndex={0}>
            <code>{OWN_BUTTON_SNIPPET}</code>
          </pre>
          <CopyButton text={OWN_BUTTON_SNIPPET} label="Copy your button's snippet" />
        </div>
      )}
      <div className="tb-offset-fields">
        <OffsetField control={control} name="offsetX" label="Horizontal offset" hint="From the side" />
        <OffsetField control={control} name="offsetY" label="Vertical offset" hint="From the bottom" />
      </div>
    </>
  );
}
