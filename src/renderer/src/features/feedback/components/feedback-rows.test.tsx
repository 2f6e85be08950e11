// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { FeedbackItem } from '../../../../../shared/api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { feedbackItem } from '../testing/fake-inbox';
import { FeedbackRows, type FeedbackRowsProps, type FeedbackTriage } from './feedback-rows';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const ITEMS: FeedbackItem[] = [
  feedbackItem('f1', 'Love it', {
    authorName: 'Ada',
    createdAt: minutesAgo(3),
    pageUrl: 'https://shop.example.com/pricing?plan=pro',
    assigneeId: 'bob',
    status: 'in_progress',
  }),
  feedbackItem('f2', `${'y'.repeat(80)}HIDDEN`, { authorName: null, widgetName: null, createdAt: minutesAgo(60) }),
];
const ASSIGNEES = { selfId: 'ada', nameOf: (id: string) => (id === 'bob' ? 'Bob Stone' : null) };

function renderRows(props: Partial<FeedbackRowsProps> = {}, triage: Partial<FeedbackTriage> = {}) {
  const onFocusAt = vi.fn<FeedbackTriage['onFocusAt']>();
  const onSelectedChange = vi.fn<(ids: string[]) => void>();
  renderWithProviders(
    <FeedbackRows
      items={ITEMS}
      loading={false}
      empty={<p>Nothing here</p>}
      showWidget
      assignees={ASSIGNEES}
      openId={null}
      hrefOf={(id) => `/feedback/${id}?status=all`}
      triage={{ selectedIds: [], onSelectedChange, focusedId: null, onFocusAt, ...triage }}
      {...props}
    />,
    { path: '/feedback?status=all', withLocation: true },
  );
  const rows = within(screen.getByRole('list', { name: 'Feedback' })).getAllByRole('listitem') as [
    HTMLElement,
    HTMLElement,
  ];
  return { rows, onFocusAt, onSelectedChange };
}

describe('FeedbackRows', () => {
  test('a row shows its status, the start of its message, its page path, age, sender, widget and assignee', () => {
    const { rows } = renderRows();
    const [ada, anonymous] = rows;
    expect(within(ada).getByText('In progress')).toBeInTheDocument();
    expect(within(ada).getByText('Love it')).toBeInTheDocument();
    expect(within(ada).getByText('/pricing?plan=pro')).toBeInTheDocument();
    expect(within(ada).getByText('3 minutes ago').tagName).toBe('TIME');
    expect(within(ada).getByText('Ada')).toBeInTheDocument();
    expect(within(ada).getByText('Shop')).toBeInTheDocument();
    expect(within(ada).getByTitle('Assigned to Bob Stone')).toBeInTheDocument();
    expect(within(anonymous).getByText('Anonymous')).toBeInTheDocument();
    expect(within(anonymous).getByText('Unknown Widget')).toBeInTheDocument();
    expect(within(anonymous).getByText(`${'y'.repeat(80)}…`)).toBeInTheDocument();
    expect(screen.queryByText(/HIDDEN/)).toBeNull();
  });

  test('the whole row is one link to its entry, read as one line; the checkbox sits beside it, not in it', async () => {
    const { rows, onFocusAt } = renderRows();
    const link = within(rows[0]).getByRole('link');
    expect(link).toHaveAttribute('href', '/feedback/f1?status=all');
    expect(link).toHaveAccessibleName(/^In progress Love it 3 minutes ago \/pricing\?plan=pro Ada Shop/);
    expect(within(link).queryByRole('checkbox')).toBeNull();
    expect(within(link).queryByRole('button')).toBeNull();
    expect(within(rows[0]).getByRole('checkbox', { name: /^Select feedback from Ada, / })).toBeInTheDocument();

    await userEvent.setup().click(link);
    expect(onFocusAt).toHaveBeenCalledWith(0);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/feedback/f1?status=all');
  });

  test('the open entry’s row is marked as the current page and is the one in the Tab order', () => {
    const { rows } = renderRows({ openId: 'f2' });
    const [first, open] = rows.map((row) => within(row).getByRole('link'));
    expect(open).toHaveAttribute('aria-current', 'page');
    expect(rows[1]).toHaveClass('is-open');
    expect(open).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('tabindex', '-1');
    expect(first).not.toHaveAttribute('aria-current');
  });

  test('a role that may not triage gets no checkboxes; a widget filter leaves the widget out', () => {
    renderRows({ showWidget: false }, { onSelectedChange: undefined });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText('Shop')).toBeNull();
  });

  test('an empty inbox shows what it is given instead of a list', () => {
    renderWithProviders(
      <FeedbackRows
        items={[]}
        loading={false}
        empty={<p>Nothing here</p>}
        showWidget
        openId={null}
        hrefOf={(id) => id}
        triage={{ selectedIds: [], focusedId: null, onFocusAt: () => undefined }}
      />,
    );
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Feedback' })).toBeNull();
  });
});
