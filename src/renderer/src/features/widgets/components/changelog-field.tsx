import { useWatch, type Control } from 'react-hook-form';
import type { WidgetInput } from '../../../../../shared/schemas';
import { SwitchField } from './switch-field';

const CHANGELOG_DESCRIPTION =
  "Your published news posts on a public page with a feed, linked from the widget's Updates tab.";
const NEEDS_NEWS = 'There is no changelog while News is off.';

/**
 * The public changelog switch. It applies only while News is on: with News off it is greyed out
 * (keeping its value) and says so. `url`, the page as saved, is linked while it is live.
 */
export function ChangelogField({ control, url }: { control: Control<WidgetInput>; url?: string }) {
  const [enableNews, publicChangelog] = useWatch({ control, name: ['enableNews', 'publicChangelog'] });
  return (
    <>
      <SwitchField
        control={control}
        name="publicChangelog"
        label="Public changelog"
        disabled={!enableNews}
        description={
          <>
            {CHANGELOG_DESCRIPTION}
            {!enableNews && <span className="tb-changelog-off"> {NEEDS_NEWS}</span>}
          </>
        }
      />
      {url && enableNews && publicChangelog && (
        <p className="tb-changelog-link">
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Open the public changelog (opens in a new tab)"
          >
            Open the public changelog
          </a>
        </p>
      )}
    </>
  );
}
