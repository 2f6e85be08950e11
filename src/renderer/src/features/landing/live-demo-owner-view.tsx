/**
 * The owner's side of the live demo: the console as an owner sees it (sidebar with icons, the
 * dashboard and its chart, the widgets, the feedback inbox and the news posts), drawn with plain
 * React and CSS from the sample data. A chunk of its own, loaded when the demo nears the screen.
 */
import { BrandMark } from '../../components/brand-mark';
import { DashboardPanel } from './live-demo-dashboard';
import { DEMO_FEEDBACK, DEMO_OWNER, type DemoFeedback } from './live-demo-data';
import { DemoIcon, type DemoIconName } from './live-demo-icons';
import { FeedbackPanel, NewsPanel, WidgetsPanel } from './live-demo-lists';
import { demoStats } from './live-demo-stats';
import { DemoWindow } from './live-demo-window';
import './live-demo-owner.css';

/** The console's screens, as its sidebar lists them (docs/product.md §2). */
export type DemoPanel = 'Dashboard' | 'My Widgets' | 'Feedback' | 'News Posts';

const PANELS: { name: DemoPanel; icon: DemoIconName; path: string }[] = [
  { name: 'Dashboard', icon: 'dashboard', path: '/dashboard' },
  { name: 'My Widgets', icon: 'widgets', path: '/widgets' },
  { name: 'Feedback', icon: 'feedback', path: '/feedback' },
  { name: 'News Posts', icon: 'news', path: '/news' },
];

/** `sent`: feedback from the demo's visitor side, newest first. */
export function OwnerView({
  sent,
  panel,
  onPanel,
}: {
  sent: DemoFeedback[];
  panel: DemoPanel;
  onPanel: (panel: DemoPanel) => void;
}) {
  const feedback = [...sent, ...DEMO_FEEDBACK];
  let body;
  if (panel === 'My Widgets') body = <WidgetsPanel />;
  else if (panel === 'Feedback') body = <FeedbackPanel items={feedback} />;
  else if (panel === 'News Posts') body = <NewsPanel />;
  else body = <DashboardPanel feedback={feedback} stats={demoStats(sent.length)} />;

  return (
    <DemoWindow address={`tellbox.example.com${PANELS.find((item) => item.name === panel)?.path ?? ''}`}>
      <div className="tb-ld-console tb-ld-body">
        <div className="tb-ld-sider">
          <span className="tb-ld-brand">
            <BrandMark />
          </span>
          <nav aria-label="Demo dashboard">
            {PANELS.map((item) => (
              <button
                key={item.name}
                type="button"
                className="tb-ld-nav-item"
                aria-current={item.name === panel ? 'page' : undefined}
                onClick={() => onPanel(item.name)}
              >
                <DemoIcon name={item.icon} />
                <span>{item.name}</span>
              </button>
            ))}
          </nav>
        </div>
        <div className="tb-ld-main">
          <div className="tb-ld-topbar">
            <span className="tb-ld-avatar" aria-hidden="true">
              {DEMO_OWNER.slice(0, 1)}
            </span>
            {DEMO_OWNER}
          </div>
          {/* It scrolls inside the window: a stop for the keyboard, named after the screen. */}
          <div className="tb-ld-content" role="region" aria-label={panel} tabIndex={0}>
            {body}
          </div>
        </div>
      </div>
    </DemoWindow>
  );
}
