import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { PublicFeedbackInput } from '../../../../shared/schemas/feedback';
import { useToast } from '../../lib/use-toast';
import { buttonClass } from '../../components/button-class';
import type { DemoFeedback } from './live-demo-data';
import type { DemoPanel } from './live-demo-owner-view';
import { DemoWindow } from './live-demo-window';
import './live-demo.css';

type DemoView = 'Owner' | 'User';
const VIEWS: DemoView[] = ['Owner', 'User'];
const CAPTIONS: Record<DemoView, string> = {
  Owner: 'Your console: the dashboard, your widgets, the feedback inbox and your news posts.',
  User: 'A visitor on your shop, with the real widget: send a message, then find it in your inbox.',
};
const ADDRESSES: Record<DemoView, string> = { Owner: 'tellbox.example.com/dashboard', User: 'shop.example.com' };

// Each side is a chunk of its own, fetched when the demo nears the screen: the demo sits far
// below the fold, and a visitor who never scrolls to it never downloads it.
const loadOwnerView = () => import('./live-demo-owner-view');
const loadUserView = () => import('./live-demo-user-view');
const OwnerView = lazy(() => loadOwnerView().then((module) => ({ default: module.OwnerView })));
const UserView = lazy(() => loadUserView().then((module) => ({ default: module.UserView })));

/**
 * The window with nothing in it yet, as the page is prerendered and until a side's chunk is in.
 * It is exactly as tall as either side (live-demo.css), so nothing moves when one arrives.
 */
function Placeholder({ view }: { view: DemoView }) {
  return (
    <DemoWindow address={ADDRESSES[view]}>
      <div className="tb-ld-body tb-ld-placeholder">
        <p className="tb-ld-muted">Loading the demo…</p>
      </div>
    </DemoWindow>
  );
}

/** True once the element has come within 400 px of the screen (and from then on). */
function useNearScreen(id: string): [boolean, () => void] {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = document.getElementById(id);
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [id]);
  return [near, useCallback(() => setNear(true), [])];
}

const asFeedback = (input: PublicFeedbackInput, id: string): DemoFeedback => ({
  id,
  page: 'shop.example.com/',
  message: input.message.trim(),
  author: input.authorName?.trim() || null,
  browser: 'This browser',
  time: 'just now',
  widget: 'Shop',
  fresh: true,
});

/** The live demo: both sides of Tellbox with sample data, in the page, no server involved (docs/product.md §2). */
export function LiveDemo() {
  const toast = useToast();
  const [view, setView] = useState<DemoView>('Owner');
  const [panel, setPanel] = useState<DemoPanel>('Dashboard');
  const [sent, setSent] = useState<DemoFeedback[]>([]);
  const [near, setNear] = useNearScreen('demo');
  const toggle = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!near) return;
    // The side not shown yet, ahead of the visitor's click.
    void loadOwnerView();
    void loadUserView();
  }, [near]);

  const onSend = useCallback(
    (input: PublicFeedbackInput) => {
      setSent((earlier) => [asFeedback(input, `sent-${earlier.length + 1}`), ...earlier]);
      toast.success('Feedback sent', undefined, {
        action: (
          <button
            type="button"
            className={buttonClass({ size: 'small' })}
            onClick={() => {
              setView('Owner');
              setPanel('Feedback');
            }}
          >
            See it in the inbox
          </button>
        ),
      });
    },
    [toast],
  );

  const choose = (next: DemoView) => {
    setNear();
    setView(next);
  };
  // A radio group: the arrow keys move the choice, Tab leaves the group (one stop).
  const onToggleKey = (event: KeyboardEvent<HTMLElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = VIEWS[(VIEWS.indexOf(view) + step + VIEWS.length) % VIEWS.length] as DemoView;
    choose(next);
    toggle.current?.querySelector<HTMLElement>(`[data-view="${next}"]`)?.focus();
  };

  const placeholder = <Placeholder view={view} />;
  let side = placeholder;
  if (near)
    side = view === 'Owner' ? <OwnerView sent={sent} panel={panel} onPanel={setPanel} /> : <UserView onSend={onSend} />;

  return (
    <section id="demo" className="tb-section tb-ld" aria-labelledby="demo-title">
      <h2 id="demo-title">Live demo</h2>
      <p className="tb-ld-intro">Try both sides: the owner&apos;s dashboard and the visitor&apos;s widget.</p>
      <div className="tb-ld-toolbar">
        <div ref={toggle} className="tb-ld-toggle" role="radiogroup" aria-label="Demo view" onKeyDown={onToggleKey}>
          {VIEWS.map((name) => (
            <button
              key={name}
              type="button"
              role="radio"
              aria-checked={view === name}
              tabIndex={view === name ? 0 : -1}
              data-view={name}
              onClick={() => choose(name)}
            >
              {name}
            </button>
          ))}
        </div>
        <p className="tb-ld-caption">{CAPTIONS[view]}</p>
      </div>
      <Suspense fallback={placeholder}>{side}</Suspense>
    </section>
  );
}
