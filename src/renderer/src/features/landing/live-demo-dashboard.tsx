/**
 * The demo console's dashboard, laid out as the real one: the welcome, the stats, feedback per
 * day over 30 days, and the recent feedback and news, all from the sample data.
 */
import { DEMO_NEWS, DEMO_OWNER, DEMO_WIDGETS, type DemoFeedback } from './live-demo-data';
import { DemoChart } from './live-demo-chart';
import { DemoPageUrl, NewTag, PostStatus } from './live-demo-lists';
import type { DemoStats } from './live-demo-stats';

const RECENT = 3;

function Stat({ title, value, note, good }: { title: string; value: number; note: string; good?: boolean }) {
  return (
    <div className="tb-ld-card tb-ld-stat">
      <p className="tb-ld-stat-title">{title}</p>
      <p className="tb-ld-stat-value">{value}</p>
      <p className={good ? 'tb-ld-stat-note tb-ld-good' : 'tb-ld-stat-note'}>{note}</p>
    </div>
  );
}

export function DashboardPanel({ feedback, stats }: { feedback: DemoFeedback[]; stats: DemoStats }) {
  const change = stats.weekChange;
  return (
    <>
      <h3 className="tb-ld-title">Welcome, {DEMO_OWNER}</h3>
      <div className="tb-ld-stats">
        <Stat title="Total Feedback" value={stats.totalAllTime} note={`${stats.total30} in the last 30 days`} />
        <Stat
          title="Active Widgets"
          value={DEMO_WIDGETS.filter((widget) => widget.active).length}
          note={`of ${DEMO_WIDGETS.length} widgets`}
        />
        <Stat
          title="Feedback This Week"
          value={stats.thisWeek}
          note={`${change >= 0 ? '+' : '−'}${Math.abs(change)}% on last week`}
          good={change >= 0}
        />
      </div>
      <DemoChart stats={stats} />
      <div className="tb-ld-feeds">
        <section className="tb-ld-card" aria-labelledby="tb-ld-recent-feedback">
          <h4 id="tb-ld-recent-feedback" className="tb-ld-card-title">
            Recent Feedback
          </h4>
          <ul className="tb-ld-feed">
            {feedback.slice(0, RECENT).map((item) => (
              <li key={item.id}>
                <span className="tb-ld-feed-head">
                  <DemoPageUrl page={item.page} />
                  <span className="tb-ld-muted">{item.time}</span>
                </span>
                <span className="tb-ld-block">
                  {item.message}
                  {item.fresh ? <NewTag /> : null}
                </span>
                <span className="tb-ld-muted tb-ld-block">{item.browser}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="tb-ld-card" aria-labelledby="tb-ld-recent-news">
          <h4 id="tb-ld-recent-news" className="tb-ld-card-title">
            Recent News
          </h4>
          <ul className="tb-ld-feed">
            {DEMO_NEWS.slice(0, RECENT).map((post) => (
              <li key={post.id}>
                <span className="tb-ld-feed-head">
                  <span>
                    <span aria-hidden="true">{post.icon}</span> <strong>{post.title}</strong>{' '}
                    <PostStatus status={post.status} />
                  </span>
                  <span className="tb-ld-muted">{post.created}</span>
                </span>
                <span className="tb-ld-block">{post.content}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
