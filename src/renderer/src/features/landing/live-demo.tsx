import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '../../components/button-class';
import { useToast } from '../../lib/use-toast';
import { SAMPLE_FEEDBACK, SAMPLE_NEWS } from './live-demo-data';

type OwnerPanel = 'Dashboard' | 'My Widgets' | 'Feedback' | 'News Posts';
const PANELS: OwnerPanel[] = ['Dashboard', 'My Widgets', 'Feedback', 'News Posts'];
type DemoView = 'Owner' | 'User';
const VIEWS: DemoView[] = ['Owner', 'User'];
const SMALL = buttonClass({ size: 'small' });
const SMALL_DANGER = buttonClass({ size: 'small', danger: true });

/** The visitor's side (modal, tabs, text area) loads only when someone opens it. */
const UserView = lazy(() => import('./live-demo-user-view').then((module) => ({ default: module.UserView })));

function OwnerView() {
  const toast = useToast();
  const [panel, setPanel] = useState<OwnerPanel>('Dashboard');
  return (
    <div className="tb-demo-owner">
      <nav className="tb-demo-sidebar" aria-label="Demo dashboard">
        {PANELS.map((name) => (
          <button
            key={name}
            type="button"
            className={buttonClass({ variant: panel === name ? 'primary' : 'text' })}
            aria-current={panel === name ? 'page' : undefined}
            onClick={() => setPanel(name)}
          >
            {name}
          </button>
        ))}
      </nav>
      <div className="tb-demo-panel">
        <h3 className="tb-demo-panel-title">{panel}</h3>
        {panel === 'Dashboard' ? (
          <div className="tb-demo-stats">
            <div>
              <strong>128</strong> Total Feedback
            </div>
            <div>
              <strong>1</strong> Active Widgets
            </div>
          </div>
        ) : null}
        {panel === 'My Widgets' ? (
          <>
            <div className="tb-demo-row">
              <span>
                Shop widget <span className="tb-muted">shop.example.com</span>
              </span>
              <span>
                <button type="button" className={SMALL} onClick={() => toast.info('Manage (demo)')}>
                  Manage
                </button>{' '}
                <button type="button" className={SMALL_DANGER} onClick={() => toast.info('Deleted (demo)')}>
                  Delete
                </button>
              </span>
            </div>
            <button type="button" className={buttonClass()} onClick={() => toast.success('Widget created')}>
              Create Widget
            </button>
          </>
        ) : null}
        {panel === 'Feedback'
          ? SAMPLE_FEEDBACK.map((item) => (
              <div key={item.id} className="tb-demo-row">
                <span>
                  <span className="tb-muted">{item.page}</span> {item.message}
                </span>
                <button type="button" className={SMALL_DANGER} onClick={() => toast.info('Deleted (demo)')}>
                  Delete
                </button>
              </div>
            ))
          : null}
        {panel === 'News Posts' ? (
          <>
            {SAMPLE_NEWS.map((post) => (
              <div key={post.id} className="tb-demo-row">
                <span>
                  {post.icon} {post.title}
                </span>
                <button type="button" className={SMALL_DANGER} onClick={() => toast.info('Deleted (demo)')}>
                  Delete
                </button>
              </div>
            ))}
            <button type="button" className={buttonClass()} onClick={() => toast.success('Post created')}>
              Create Post
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The live demo: runs in the page with sample data, no server involved (spec §2). */
export function LiveDemo() {
  const [view, setView] = useState<DemoView>('Owner');
  return (
    <section id="demo" className="tb-section" aria-labelledby="demo-title">
      <h2 id="demo-title">Live demo</h2>
      <p>Try both sides: the owner&apos;s dashboard and the visitor&apos;s widget.</p>
      <div className="tb-segmented" role="radiogroup" aria-label="Demo view">
        {VIEWS.map((name) => (
          <button
            key={name}
            type="button"
            role="radio"
            aria-checked={view === name}
            className={view === name ? 'tb-segmented-item tb-segmented-item-selected' : 'tb-segmented-item'}
            onClick={() => setView(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <div className="tb-demo">
        {view === 'Owner' ? (
          <OwnerView />
        ) : (
          <Suspense fallback={<p role="status">Loading...</p>}>
            <UserView />
          </Suspense>
        )}
      </div>
    </section>
  );
}
