import { Button } from 'antd';
import { useId, useState } from 'react';
import { PermissionHint } from '../../../components/permission-hint';
import { WidgetFilter } from '../../../components/widget-filter';
import { hasSearch, NO_SEARCH, useFeedbackSearchParams } from '../../../hooks/use-feedback-search-params';
import { useFeedbackStatusParam, type FeedbackStatusTab } from '../../../hooks/use-feedback-status-param';
import { useWidgetFilterParam } from '../../../hooks/use-widget-filter-param';
import { useWidgets } from '../../../lib/owner-data/use-widgets';
import { useListLayout } from '../../../lib/use-list-layout';
import { useCan } from '../../../lib/workspace/use-permission';
import { useFeedbackStatusCounts } from '../api/get-feedback-status-counts';
import { emptySearchText, emptyTabText, tabTotal } from '../utils/status-tabs';
import { ExportFeedbackMenu } from './export-feedback-menu';
import { CLEAR_FILTERS, FeedbackFilterBar } from './feedback-filter-bar';
import { FeedbackList } from './feedback-list';
import { FeedbackStatusTabs } from './feedback-status-tabs';
import { useOpenEntry } from '../hooks/use-open-entry';
import { HiddenFeedbackNotice } from './hidden-feedback-notice';
import './feedback-page.css';

/**
 * /feedback (docs/product.md §2): the workspace's inbox, filtered by widget through `?widget=`, by
 * status through `?status=` (New first), by assignee through `?assignee=` ("Assigned to me"), and
 * searched through `?q=`, `?from=` and `?to=`, to triage and assign with the mouse or the keyboard,
 * and to export as it is filtered. `/feedback/:id` opens one entry beside the list (from 1 024 px)
 * or, narrower, in its place. A role that may not triage reads it, and is told why there is nothing
 * to act with.
 */
export function FeedbackPage() {
  const widgets = useWidgets();
  // A stale id is only judged against a settled, fresh list of widgets.
  const knownIds = widgets.isSuccess && !widgets.isFetching ? widgets.data.map((widget) => widget._id) : undefined;
  const [widgetId, setWidgetId] = useWidgetFilterParam(knownIds);
  const [tab, setTab] = useFeedbackStatusParam();
  const [search, setSearch] = useFeedbackSearchParams();
  const counts = useFeedbackStatusCounts(widgetId, search);
  const [helpOpen, setHelpOpen] = useState(false);
  const triages = useCan('feedback.triage');
  // The keys are for a keyboard: a phone has none to press them with.
  const phone = useListLayout() === 'cards';
  const id = useId();
  const tabId = (of: FeedbackStatusTab) => `${id}-tab-${of}`;
  const searching = hasSearch(search);
  const total = tabTotal(counts.data, tab);
  const clearSearch = () => setSearch(NO_SEARCH);
  // On a narrow screen an open entry has the page to itself: the header and filters wait, hidden.
  const reading = useOpenEntry().openId !== null;

  return (
    <section className={reading ? 'tb-feedback-page is-reading' : 'tb-feedback-page'}>
      <div className="tb-page-header tb-feedback-header">
        <h1>Feedback</h1>
        <WidgetFilter widgets={widgets.data} value={widgetId} onChange={setWidgetId} />
        {triages && <ExportFeedbackMenu filter={{ widgetId, status: tab, search }} empty={total === 0} />}
      </div>
      <PermissionHint permission="feedback.triage" />
      <HiddenFeedbackNotice />
      <FeedbackFilterBar search={search} onSearchChange={setSearch} onClear={clearSearch} />
      <div className="tb-feedback-toolbar">
        <FeedbackStatusTabs value={tab} onChange={setTab} counts={counts.data} panelId={`${id}-panel`} tabId={tabId} />
        {!phone && (
          <Button type="link" className="tb-feedback-keys-button" onClick={() => setHelpOpen(true)}>
            Keyboard shortcuts
          </Button>
        )}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(tab)} className="tb-feedback-panel">
        <FeedbackList
          key={`${widgetId ?? 'all'}:${tab}:${search.q ?? ''}:${search.from ?? ''}:${search.to ?? ''}:${search.assignee ?? ''}`}
          widgetId={widgetId}
          tab={tab}
          search={search}
          emptyText={searching ? emptySearchText(tab, search, counts.data) : emptyTabText(tab, counts.data?.counts)}
          emptyAction={searching && <Button onClick={clearSearch}>{CLEAR_FILTERS}</Button>}
          total={total}
          helpOpen={helpOpen}
          onHelpOpenChange={setHelpOpen}
        />
      </div>
    </section>
  );
}
