// @vitest-environment jsdom
import '../../../testing/setup';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { FeedbackItem } from '../../../../../shared/api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { mockWindowWidth, type WindowWidth } from '../../../testing/window-width';
import { FeedbackTable } from './feedback-table';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const feedback = (overrides: Partial<FeedbackItem> = {}): FeedbackItem => ({
  _id: 'f1',
  widgetId: 'w1',
  widgetName: 'Shop',
  message: 'Love it',
  pageUrl: 'https://shop.example.com/pricing',
  userAgent: ANDROID,
  authorName: 'Ada',
  authorEmail: 'ada@example.com',
  status: 'new',
  assigneeId: null,
  createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
  ...overrides,
});

const ITEMS = [
  feedback(),
  feedback({ _id: 'f2', authorName: null, message: `${'y'.repeat(80)}TAIL`, widgetName: null }),
];

let screenWidth: WindowWidth | undefined;
afterEach(() => screenWidth?.restore());

function renderAt(width: number, props: Partial<Parameters<typeof FeedbackTable>[0]> = {}) {
  screenWidth = mockWindowWidth(width);
  const onView = vi.fn<(item: FeedbackItem) => void>();
  renderWithProviders(<FeedbackTable items={ITEMS} loading={false} showWidget onView={onView} {...props} />);
  return onView;
}

describe('FeedbackTable below 768 px', () => {
  test('is a list of cards, one per feedback, each with its View details button', async () => {
    const onView = renderAt(375);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Feedback' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    for (const [index, card] of cards.entries()) {
      const view = within(card).getByRole('button', { name: /^View details of feedback from / });
      expect(view).toHaveTextContent('View details');
      await userEvent.setup().click(view);
      expect(onView).toHaveBeenLastCalledWith(ITEMS[index]);
    }
  });

  test("a card shows the table's values as label and value, the message cut at 80 characters", () => {
    renderAt(375);
    const [ada, anonymous] = within(screen.getByRole('list', { name: 'Feedback' })).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(ada).getByText('Ada')).toBeInTheDocument();
    expect(within(ada).getByText('3 minutes ago').tagName).toBe('TIME');
    expect(within(ada).getByText('Love it')).toBeInTheDocument();
    const labels = within(ada)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(labels).toEqual(['Page URL', 'Widget', 'Browser']);
    expect(within(ada).getByRole('link', { name: '/pricing · shop.example.com' })).toHaveAttribute(
      'href',
      'https://shop.example.com/pricing',
    );
    expect(within(ada).getByText('Shop')).toBeInTheDocument();
    expect(within(ada).getByTitle(ANDROID)).toHaveTextContent(/Chrome 131/);

    expect(within(anonymous).getByText('Anonymous')).toBeInTheDocument();
    expect(within(anonymous).getByText(`${'y'.repeat(80)}…`)).toBeInTheDocument();
    expect(within(anonymous).getByText('Unknown Widget')).toBeInTheDocument();
  });

  test('a widget filter leaves the widget out of the cards', () => {
    renderAt(375, { showWidget: false });
    const card = within(screen.getByRole('list', { name: 'Feedback' })).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(card).queryByText('Widget')).toBeNull();
    expect(within(card).queryByText('Shop')).toBeNull();
  });

  test('an empty inbox says so instead of a list', () => {
    renderAt(375, { items: [] });
    expect(screen.getByText('No feedback received yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Feedback' })).toBeNull();
  });
});

describe('FeedbackTable from 768 px', () => {
  const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

  test('from 768 to 1279 px the table merges its columns and keeps the action', () => {
    renderAt(1024);
    expect(headers()).toEqual(['From', 'Message', 'Actions']);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Ada')).toBeInTheDocument();
    expect(within(row).getByText('3 minutes ago')).toBeInTheDocument();
    expect(within(row).getByText('Shop')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '/pricing · shop.example.com' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^View details/ })).toBeInTheDocument();
  });

  test('from 1280 px every column is its own', () => {
    renderAt(1280);
    expect(headers()).toEqual(['Date', 'Page URL', 'Author', 'Message', 'Widget', 'Browser', 'Actions']);
  });

  test('turning a phone to landscape turns the cards into a table', () => {
    renderAt(375);
    expect(screen.queryByRole('table')).toBeNull();
    act(() => screenWidth?.resize(820));
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^View details/ })).toHaveLength(2);
  });
});
