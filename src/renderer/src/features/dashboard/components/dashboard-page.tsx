import { Spin } from 'antd';
import { useEffect } from 'react';
import { LoadError } from '../../../components/load-error';
import { StatCard } from '../../../components/stat-card';
import { useFeedbackSummary } from '../../../lib/owner-data/use-feedback-summary';
import { useLimitsSummary } from '../../../lib/owner-data/use-limits-summary';
import { useToast } from '../../../lib/use-toast';
import { useCan } from '../../../lib/workspace/use-permission';
import { useSessionStore } from '../../../stores/session-store';
import { formatLongDate } from '../../../utils/format-date';
import { useDashboardOverview } from '../api/get-dashboard-overview';
import { useDashboardTimeseries } from '../api/get-dashboard-timeseries';
import { useMailSender } from '../api/get-mail-sender';
import { useOnboarding } from '../hooks/use-onboarding';
import { upgradeOffer } from '../utils/upgrade-offer';
import { weeklyTrend } from '../utils/weekly-trend';
import { FeedbackChartCard } from './feedback-chart-card';
import { MailSenderWarning } from './mail-sender-warning';
import { OnboardingCard } from './onboarding-card';
import { RecentFeedback } from './recent-feedback';
import { RecentNews } from './recent-news';
import { UpgradeCard } from './upgrade-card';
import { WeeklyTrend } from './weekly-trend';
import './dashboard-page.css';

const LOAD_FAILED = 'Failed to load data. Please try again.';

/**
 * /dashboard (docs/product.md §2): the welcome; the getting-started steps while a new owner has
 * some open; the stat cards, with this week's feedback against last week; the upgrade card when
 * it applies; feedback per day over 30 days; recent feedback and news. The getting-started steps
 * are for whoever sets up widgets, the upgrade for whoever pays: other roles see neither. Owners
 * and admins are warned while the server's MAIL_FROM is still at localhost.
 */
export function DashboardPage() {
  const toast = useToast();
  const name = useSessionStore((state) => state.user?.name);
  const overview = useDashboardOverview();
  const timeseries = useDashboardTimeseries();
  const onboarding = useOnboarding();
  const limits = useLimitsSummary();
  const feedbackSummary = useFeedbackSummary();
  const offer = upgradeOffer(limits.data, feedbackSummary.data);
  const trend = timeseries.data ? weeklyTrend(timeseries.data.days) : undefined;
  const setsUp = useCan('widgets.write');
  const billing = useCan('billing.manage');
  const mailSender = useMailSender(useCan('server.read'));

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
      {mailSender.data?.local && <MailSenderWarning sender={mailSender.data} />}
      {setsUp && onboarding.visible && onboarding.steps && (
        <OnboardingCard steps={onboarding.steps} onDismiss={onboarding.dismiss} />
      )}
      {overview.isError ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void overview.refetch()} />
      ) : (
        <div className="tb-stat-grid tb-dashboard-stats">
          <StatCard title="Total Feedback" value={stat(overview.data?.totalFeedback)} />
          <StatCard title="Active Widgets" value={stat(overview.data?.activeWidgets)} />
          <StatCard
            title="Feedback This Week"
            className="tb-dashboard-wide"
            value={!trend && timeseries.isError ? '–' : stat(trend?.thisWeek)}
            description={trend ? <WeeklyTrend trend={trend} /> : timeseries.isError && 'Not available right now'}
          />
          <StatCard
            title="Last Updated"
            value={formatLongDate(new Date())}
            className="tb-dashboard-wide tb-dashboard-date"
          />
        </div>
      )}
      {/* Limits load on their own: the offer shows even when the overview failed. */}
      {offer && billing && <UpgradeCard offer={offer} />}
      {!overview.isError && (
        <>
          <FeedbackChartCard />
          <div className="tb-feed-grid">
            <RecentFeedback items={overview.data?.recentFeedback ?? []} loading={loading} />
            <RecentNews items={overview.data?.recentNews ?? []} loading={loading} />
          </div>
        </>
      )}
    </>
  );
}
