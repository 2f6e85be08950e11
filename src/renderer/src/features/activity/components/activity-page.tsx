import { Button, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ActivityArt } from '../../../components/empty-art/activity-art';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/load-error';
import { useCurrentWorkspace } from '../../../lib/workspace/use-permission';
import { useSessionStore } from '../../../stores/session-store';
import { useActivity } from '../api/get-activity';
import { groupByDay } from '../utils/day-groups';
import { ActivityItem } from './activity-item';
import './activity-page.css';

const LOAD_FAILED = 'Failed to load the activity. Please try again.';

/**
 * /activity (owners and admins): who did what in the workspace, newest first, by day, a page at a
 * time. Entries are kept for a year.
 */
export function ActivityPage() {
  const workspace = useCurrentWorkspace();
  const selfId = useSessionStore((state) => state.user?.id ?? null);
  const activity = useActivity();
  const navigate = useNavigate();
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <section className="tb-activity">
      <div className="tb-page-header">
        <h1>Activity</h1>
      </div>
      <p className="tb-muted tb-activity-intro">
        Who did what in {workspace?.name ?? 'this workspace'}, newest first. Kept for a year.
      </p>
      {activity.isError && !activity.data ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void activity.refetch()} />
      ) : activity.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      ) : entries.length === 0 ? (
        <EmptyState
          framed
          illustration={<ActivityArt />}
          text="Nothing has happened here yet."
          action={
            <Button type="primary" onClick={() => void navigate(paths.feedback)}>
              Open the inbox
            </Button>
          }
        />
      ) : (
        <>
          {groupByDay(entries, (entry) => entry.at).map((group) => (
            <section key={group.day} className="tb-activity-day" aria-labelledby={`activity-${group.day}`}>
              <h2 id={`activity-${group.day}`} className="tb-activity-day-title">
                {group.label}
              </h2>
              <ol className="tb-activity-list">
                {group.items.map((entry) => (
                  <ActivityItem key={entry._id} entry={entry} selfId={selfId} />
                ))}
              </ol>
            </section>
          ))}
          {activity.hasNextPage ? (
            <Button
              className="tb-activity-more"
              onClick={() => void activity.fetchNextPage()}
              loading={activity.isFetchingNextPage}
            >
              Load more
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
