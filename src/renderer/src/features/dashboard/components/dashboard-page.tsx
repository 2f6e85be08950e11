import { Spin } from 'antd';
import { useEffect } from 'react';
import { LoadError } from '../../../components/load-error';
import { StatCard } from '../../../components/stat-card';
import { useFeedbackSummary } from '../../../lib/owner-data/use-feedback-summary';
import { useLimitsSummary } from '../../../lib/owner-data/use-limits-summary';
import { useToast } from '../../../lib/use-toast';
import { useSessionStore } from '../../../stores/session-store';
import { formatLongDate } from '../../../utils/format-date';
import { useDashboardOverview } from '../api/get-dashboard-overview';
import { upgradeOffer } from '../utils/upgrade-offer';
import { RecentFeedback } from './recent-feedback';
import { RecentNews } from './recent-news';
import { UpgradeCard } from './upgrade-card';

const LOAD_FAILED = 'Failed to load data. Please try again.';

/** /dashboard (spec §2): the welcome, three stats, the upgrade card when it applies, recent feedback and news. */
export function DashboardPage() {
  const toast = useToast();
  const name = useSessionStore((state) => state.user?.name);
  const overview = useDashboardOverview();
  const limits = useLimitsSummary();
  const feedbackSummary = useFeedbackSummary();
  const offer = upgradeOffer(limits.data, feedbackSummary.data);

  useEffect(() => {
    if (overview.isError) toast.error(LOAD_FAILED);
  }, [overview.isError, overview.errorUpdatedAt, toast]);
  useEffect(() => {
    if (limits.isError) toast.error('Error', 'Failed to load plan limits.');
  }, [limits.isError, limits.errorUpdatedAt, toast]);

  const loading = overview.isPending;
  const stat = (value: number | undefined) =>
    value === undefined ? <Spin size="small" aria-label="Loading" /> : value;
  return (
    <>
      <div className="tb-page-header">
        <h1>Welcome, {name}</h1>
      </div>
      {overview.isError ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void overview.refetch()} />
      ) : (
        <div className="tb-stat-grid">
          <StatCard title="Total Feedback" value={stat(overview.data?.totalFeedback)} />
          <StatCard title="Active Widgets" value={stat(overview.data?.activeWidgets)} />
          <StatCard title="Last Updated" value={formatLongDate(new Date())} />
        </div>
      )}
      {/* Limits load on their own: the offer shows even when the overview failed. */}
      {offer && <UpgradeCard offer={offer} />}
      {!overview.isError && (
        <div className="tb-feed-grid">
          <RecentFeedback items={overview.data?.recentFeedback ?? []} loading={loading} />
          <RecentNews items={overview.data?.recentNews ?? []} loading={loading} />
        </div>
      )}
    </>
  );
}
