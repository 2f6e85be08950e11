/**
 * The demo console's list screens (My Widgets, Feedback, News Posts) with the sample data. Their
 * buttons only say what they would do (docs/product.md §2's demo toasts).
 */
import type { ReactNode } from 'react';
import { buttonClass } from '../../components/button-class';
import { StatusTag } from '../../components/status-tag/status-tag';
import { useToast } from '../../lib/use-toast';
import { DEMO_NEWS, DEMO_PLAN, DEMO_WIDGETS, type DemoFeedback, type DemoPost } from './live-demo-data';
import { DemoTable } from './live-demo-table';

const SMALL = buttonClass({ size: 'small' });
const SMALL_DANGER = buttonClass({ size: 'small', danger: true });

/** A widget's status as the console shows it: a dot (green when active) and the word. */
function WidgetStatus({ active }: { active: boolean }) {
  return (
    <span className={active ? 'tb-ld-status tb-ld-status-on' : 'tb-ld-status'}>{active ? 'Active' : 'Inactive'}</span>
  );
}

/** A post's status, in the console's tag. */
export function PostStatus({ status }: { status: DemoPost['status'] }) {
  return (
    <StatusTag tone={status === 'published' ? 'success' : 'neutral'}>
      {status === 'published' ? 'Published' : 'Draft'}
    </StatusTag>
  );
}

/** The mark of what the visitor sent from the demo's other side. */
export function NewTag() {
  return (
    <span className="tb-ld-new">
      <StatusTag tone="brand">New</StatusTag>
    </span>
  );
}

/** A page as the console shows it: its path first, then the site (`/pricing · shop.example.com`). */
export function DemoPageUrl({ page }: { page: string }) {
  const slash = page.indexOf('/');
  return (
    <span className="tb-ld-page">
      <span className="tb-ld-link">{page.slice(slash)}</span>
      <span className="tb-ld-muted">
        <span className="tb-ld-sep"> · </span>
        {page.slice(0, slash)}
      </span>
    </span>
  );
}

function PanelHead({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <div className="tb-ld-head">
      <h3 className="tb-ld-title">{title}</h3>
      {action}
    </div>
  );
}

function DeleteButton() {
  const toast = useToast();
  return (
    <button type="button" className={SMALL_DANGER} onClick={() => toast.info('Deleted (demo)')}>
      Delete
    </button>
  );
}

export function WidgetsPanel() {
  const toast = useToast();
  return (
    <>
      <PanelHead
        title="My Widgets"
        action={
          <button
            type="button"
            className={buttonClass({ variant: 'primary' })}
            onClick={() => toast.success('Widget created')}
          >
            Create New Widget
          </button>
        }
      />
      <p className="tb-ld-muted">
        {DEMO_WIDGETS.length} of {DEMO_PLAN.maxWidgets} widgets used ({DEMO_PLAN.name} plan)
      </p>
      <DemoTable
        caption="My widgets"
        rows={DEMO_WIDGETS}
        columns={[
          {
            title: 'Name',
            grow: true,
            cell: (widget) => (
              <>
                <strong>{widget.name}</strong>
                <span className="tb-ld-muted tb-ld-block">{widget.domain}</span>
              </>
            ),
          },
          { title: 'Site Key', cell: (widget) => <code className="tb-ld-key">{widget.siteKey.slice(0, 8)}…</code> },
          { title: 'Created', cell: (widget) => widget.created },
          {
            title: 'Status',
            cell: (widget) => <WidgetStatus active={widget.active} />,
          },
          {
            title: 'Actions',
            cell: () => (
              <span className="tb-ld-actions">
                <button type="button" className={SMALL} onClick={() => toast.info('Manage (demo)')}>
                  Manage
                </button>
                <DeleteButton />
              </span>
            ),
          },
        ]}
      />
    </>
  );
}

export function FeedbackPanel({ items }: { items: DemoFeedback[] }) {
  return (
    <>
      <PanelHead title="Feedback" />
      <DemoTable
        caption="Feedback, newest first"
        rows={items}
        columns={[
          {
            title: 'Date',
            cell: (item) => (
              <>
                {item.time}
                {item.fresh ? <NewTag /> : null}
              </>
            ),
          },
          { title: 'Page URL', wrap: true, cell: (item) => <DemoPageUrl page={item.page} /> },
          { title: 'Author', cell: (item) => item.author ?? 'Anonymous' },
          { title: 'Message', grow: true, cell: (item) => item.message },
          { title: 'Widget', cell: (item) => item.widget },
          { title: 'Actions', cell: () => <DeleteButton /> },
        ]}
      />
    </>
  );
}

export function NewsPanel() {
  const toast = useToast();
  return (
    <>
      <PanelHead
        title="News Posts"
        action={
          <button
            type="button"
            className={buttonClass({ variant: 'primary' })}
            onClick={() => toast.success('Post created')}
          >
            Create News Post
          </button>
        }
      />
      <DemoTable
        caption="News posts"
        rows={DEMO_NEWS}
        columns={[
          {
            title: 'Title',
            grow: true,
            cell: (post) => (
              <>
                <span aria-hidden="true">{post.icon}</span> <strong>{post.title}</strong>
              </>
            ),
          },
          { title: 'Created', cell: (post) => post.created },
          {
            title: 'Status',
            cell: (post) => <PostStatus status={post.status} />,
          },
          { title: 'Widget', cell: (post) => post.widget },
          { title: 'Actions', cell: () => <DeleteButton /> },
        ]}
      />
    </>
  );
}
