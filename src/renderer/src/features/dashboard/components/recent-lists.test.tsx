// @vitest-environment jsdom
import '../../../testing/setup';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { FeedbackItem, NewsPost } from '../../../../../shared/api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { RecentFeedback } from './recent-feedback';
import { RecentNews } from './recent-news';

const NOW = new Date().toISOString();

function feedbackItem(id: string, message: string): FeedbackItem {
  return {
    _id: id,
    widgetId: 'w1',
    widgetName: 'Main site',
    message,
    pageUrl: `https://shop.example.com/${id}`,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    authorName: null,
    authorEmail: null,
    status: 'new',
    assigneeId: null,
    createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  };
}

function post(id: string, overrides: Partial<NewsPost> = {}): NewsPost {
  return {
    _id: id,
    widgetId: 'w1',
    title: `Post ${id}`,
    content: 'Something new happened here.',
    icon: '🚀',
    link: null,
    active: true,
    status: 'published',
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

describe('RecentFeedback', () => {
  test('shows page path and host, time ago, message and browser in a few words, as text, at most 3 by default', () => {
    const items = ['a', 'b', 'c', 'd'].map((id) => feedbackItem(id, `Message ${id}`));
    items[0] = feedbackItem('a', '<img src=x onerror=alert(1)>');
    const { container } = renderWithProviders(<RecentFeedback items={items} />);
    expect(screen.getByRole('heading', { name: 'Recent Feedback' })).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    const page = screen.getByRole('link', { name: '/a · shop.example.com' });
    expect(page).toHaveAttribute('href', 'https://shop.example.com/a');
    expect(page).toHaveAttribute('title', 'https://shop.example.com/a');
    expect(screen.getAllByText('2 hours ago')).toHaveLength(3);
    expect(screen.getAllByText('2 hours ago')[0]).toHaveAttribute('title');
    const browsers = container.querySelectorAll('.tb-ua');
    expect(browsers).toHaveLength(3);
    for (const browser of browsers) expect(browser).toHaveTextContent(/^Safari 17\s*·\s*iOS 17\s*·\s*Mobile$/);
    expect(screen.queryByText('Message d')).toBeNull();
  });

  test('empty state', () => {
    renderWithProviders(<RecentFeedback items={[]} />);
    expect(screen.getByText('No feedback received yet')).toBeInTheDocument();
  });
});

describe('RecentNews', () => {
  test('badge, and a Learn more link in a new tab only for http(s) links', () => {
    renderWithProviders(
      <RecentNews
        items={[
          post('1', { link: 'https://example.com/changelog' }),
          post('2', { status: 'draft', link: 'javascript:alert(1)' }),
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Recent News' })).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/changelog');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAccessibleName('Learn more: Post 1 (opens in a new tab)');
    expect(screen.getByText('Link: javascript:alert(1)')).toBeInTheDocument();
  });

  test('empty state and the default limit of 3', () => {
    const { unmount } = renderWithProviders(<RecentNews items={[]} />);
    expect(screen.getByText('No news posts created yet')).toBeInTheDocument();
    unmount();
    renderWithProviders(<RecentNews items={['1', '2', '3', '4'].map((id) => post(id))} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});
