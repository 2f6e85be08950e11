// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { NewsPost } from '../../../../../shared/api';
import { widget } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { mockWindowWidth, type WindowWidth } from '../../../testing/window-width';
import { NewsTable } from './news-table';

const post = (overrides: Partial<NewsPost> = {}): NewsPost => ({
  _id: 'p1',
  widgetId: 'w1',
  title: 'Dark mode is here',
  content: 'Switch it on from your account settings.',
  icon: '🚀',
  link: null,
  active: true,
  status: 'published',
  createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  updatedAt: new Date().toISOString(),
  ...overrides,
});

const POSTS = [post(), post({ _id: 'p2', title: 'Spring sale', status: 'draft', widgetId: 'gone' })];

let screenWidth: WindowWidth | undefined;
afterEach(() => screenWidth?.restore());

function renderAt(width: number) {
  screenWidth = mockWindowWidth(width);
  const onEdit = vi.fn<(post: NewsPost) => void>();
  const onDelete = vi.fn<(post: NewsPost) => void>();
  renderWithProviders(
    <NewsTable posts={POSTS} widgets={[widget('w1', 'Shop')]} loading={false} onEdit={onEdit} onDelete={onDelete} />,
  );
  return { onEdit, onDelete };
}

describe('NewsTable below 768 px', () => {
  test('is a card per post with its status, age, widget and both actions', async () => {
    const { onEdit, onDelete } = renderAt(375);
    const user = userEvent.setup();
    expect(screen.queryByRole('table')).toBeNull();
    const [dark, sale] = within(screen.getByRole('list', { name: 'News Posts' })).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];

    expect(within(dark).getByText('Dark mode is here')).toBeInTheDocument();
    expect(within(dark).getByText('🚀')).toHaveAttribute('aria-hidden', 'true');
    expect(within(dark).getByText('Published')).toBeInTheDocument();
    expect(within(dark).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(dark).getByText('Shop')).toBeInTheDocument();
    expect(within(sale).getByText('Draft')).toBeInTheDocument();
    expect(within(sale).getByText('Unknown Widget')).toBeInTheDocument();

    await user.click(within(dark).getByRole('button', { name: 'Edit Dark mode is here' }));
    expect(onEdit).toHaveBeenCalledWith(POSTS[0]);
    await user.click(within(sale).getByRole('button', { name: 'Delete Spring sale' }));
    expect(onDelete).toHaveBeenCalledWith(POSTS[1]);
    for (const button of within(dark).getAllByRole('button')) expect(button).not.toHaveClass('ant-btn-sm');
  });
});

describe('NewsTable from 768 px', () => {
  const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

  test('from 768 to 1279 px the title carries its status, age and widget; the actions stay', () => {
    renderAt(800);
    expect(headers()).toEqual(['Title', 'Actions']);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(row).getByText('Shop')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit Dark mode is here' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Dark mode is here' })).toBeInTheDocument();
  });

  test('from 1280 px the columns of docs/product.md §2 are each their own', () => {
    renderAt(1280);
    expect(headers()).toEqual(['Title', 'Created', 'Status', 'Widget', 'Actions']);
  });
});
