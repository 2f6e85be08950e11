import type { Widget } from '../../../../../shared/api';
import './changelog-links.css';

/** The widgets whose public changelog page is live: News on and the changelog not turned off. */
function withChangelog(widgets: Widget[]): Widget[] {
  return widgets.filter((widget) => widget.enabledTabs.includes('news') && widget.publicChangelog);
}

/**
 * Where the posts are public: a link to the changelog page of each widget shown (the filtered one,
 * or all), in a new tab (the desktop app hands it to the system browser). Nothing while no shown
 * widget has one.
 */
export function ChangelogLinks({ widgets, widgetId }: { widgets: Widget[] | undefined; widgetId: string | null }) {
  const shown = withChangelog((widgets ?? []).filter((widget) => widgetId === null || widget._id === widgetId));
  if (shown.length === 0) return null;
  return (
    <p className="tb-changelog-links">
      <span className="tb-muted">{shown.length === 1 ? 'Public changelog:' : 'Public changelogs:'}</span>
      {shown.map((widget) => (
        <a
          key={widget._id}
          href={widget.changelogUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Public changelog of ${widget.name} (opens in a new tab)`}
        >
          {widget.name}
        </a>
      ))}
    </p>
  );
}
