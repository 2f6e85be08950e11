import { Button, Segmented } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useToast } from '../../lib/use-toast';
import { SAMPLE_FEEDBACK, SAMPLE_NEWS } from './live-demo-data';

type OwnerPanel = 'Dashboard' | 'My Widgets' | 'Feedback' | 'News Posts';
const PANELS: OwnerPanel[] = ['Dashboard', 'My Widgets', 'Feedback', 'News Posts'];

/** The visitor's side (modal, tabs, text area) loads only when someone opens it. */
const UserView = lazy(() => import('./live-demo-user-view').then((module) => ({ default: module.UserView })));

function OwnerView() {
  const toast = useToast();
  const [panel, setPanel] = useState<OwnerPanel>('Dashboard');
  return (
    <div className="tb-demo-owner">
      <nav className="tb-demo-sidebar" aria-label="Demo dashboard">
        {PANELS.map((name) => (
          <Button key={name} type={panel === name ? 'primary' : 'text'} onClick={() => setPanel(name)}>
            {name}
          </Button>
        ))}
      </nav>
      <div className="tb-demo-panel">
        <h4>{panel}</h4>
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
                <Button size="small" onClick={() => toast.info('Manage (demo)')}>
                  Manage
                </Button>{' '}
                <Button size="small" danger onClick={() => toast.info('Deleted (demo)')}>
                  Delete
                </Button>
              </span>
            </div>
            <Button onClick={() => toast.success('Widget created')}>Create Widget</Button>
          </>
        ) : null}
        {panel === 'Feedback'
          ? SAMPLE_FEEDBACK.map((item) => (
              <div key={item.id} className="tb-demo-row">
                <span>
                  <span className="tb-muted">{item.page}</span> {item.message}
                </span>
                <Button size="small" danger onClick={() => toast.info('Deleted (demo)')}>
                  Delete
                </Button>
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
                <Button size="small" danger onClick={() => toast.info('Deleted (demo)')}>
                  Delete
                </Button>
              </div>
            ))}
            <Button onClick={() => toast.success('Post created')}>Create Post</Button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The live demo: runs in the page with sample data, no server involved (spec §2). */
export function LiveDemo() {
  const [view, setView] = useState<'Owner' | 'User'>('Owner');
  return (
    <section id="demo" className="tb-section" aria-labelledby="demo-title">
      <h2 id="demo-title">Live demo</h2>
      <p>Try both sides: the owner&apos;s dashboard and the visitor&apos;s widget.</p>
      <Segmented<'Owner' | 'User'>
        aria-label="Demo view"
        options={['Owner', 'User']}
        value={view}
        onChange={(value) => setView(value)}
      />
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
