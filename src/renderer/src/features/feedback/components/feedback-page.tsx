import { WidgetFilter } from '../../../components/widget-filter';
import { useWidgetFilterParam } from '../../../hooks/use-widget-filter-param';
import { useWidgets } from '../../../lib/owner-data/use-widgets';
import { FeedbackList } from './feedback-list';
import { HiddenFeedbackNotice } from './hidden-feedback-notice';

/** /feedback (spec §2): the owner's inbox, filtered by widget through `?widget=`. */
export function FeedbackPage() {
  const widgets = useWidgets();
  // A stale id is only judged against a settled, fresh list of widgets.
  const knownIds = widgets.isSuccess && !widgets.isFetching ? widgets.data.map((widget) => widget._id) : undefined;
  const [widgetId, setWidgetId] = useWidgetFilterParam(knownIds);

  return (
    <section className="tb-feedback-page">
      <div className="tb-page-header">
        <h1>Feedback</h1>
        <WidgetFilter widgets={widgets.data} value={widgetId} onChange={setWidgetId} />
      </div>
      <HiddenFeedbackNotice />
      <FeedbackList key={widgetId ?? 'all'} widgetId={widgetId} />
    </section>
  );
}
