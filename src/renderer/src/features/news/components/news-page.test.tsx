// @vitest-environment jsdom
import '../../../testing/setup';
import type { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { LimitsSummary, NewsPost, Widget } from '../../../../../shared/api';
import { NEWS_LINK_MESSAGE } from '../../../../../shared/rules/messages';
import { NEWS_ICONS } from '../../../../../shared/schemas/news';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { useSessionStore } from '../../../stores/session-store';
import { limitsSummary, widget } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { NEWS_ICON_NAMES } from '../utils/news-icon-names';
import { NewsPage } from './news-page';

const TWO_WIDGETS = [widget('w1', 'Shop'), widget('w2', 'Blog')];

const POST: NewsPost = {
  _id: 'p1',
  widgetId: 'w2',
  title: 'We shipped dark mode',
  content: 'Dark mode is here for everyone.',
  icon: '🔥',
  link: 'javascript:alert(1)',
  active: true,
  status: 'draft',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

const LIMITS = limitsSummary({ widgetCount: 1, canCreateWidget: false });

interface Backend {
  widgets?: Widget[];
  posts?: NewsPost[];
  limits?: LimitsSummary;
  /** The status a POST /post answers with. */
  createStatus?: number;
}

const fetchMock = vi.fn<typeof fetch>();
const sent: { method: string; path: string; body: unknown }[] = [];

function serve({ widgets = TWO_WIDGETS, posts = [], limits = LIMITS, createStatus = 201 }: Backend = {}) {
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    if (method !== 'GET') sent.push({ method, path: url.pathname, body: JSON.parse(String(init?.body ?? 'null')) });
    if (url.pathname === '/api/widget') return json({ success: true, widgets });
    if (url.pathname === '/api/user/limits/summary') return json(limits);
    if (url.pathname === '/api/post' && method === 'GET') {
      const widgetId = url.searchParams.get('widgetId');
      return json({ success: true, posts: posts.filter((post) => !widgetId || post.widgetId === widgetId) });
    }
    if (url.pathname === '/api/post' && method === 'POST') {
      return createStatus === 201 ? json({ post: POST }, 201) : json({ message: 'nope' }, createStatus);
    }
    if (url.pathname.startsWith('/api/post/')) return json({ post: POST });
    return json({ message: 'Not found' }, 404);
  });
}

let queryClient: QueryClient;

function renderPage(entry: string) {
  const result = renderWithProviders(<NewsPage />, { path: entry });
  queryClient = result.queryClient;
  return result;
}

/** Waits until the widgets and the post limit are known, as an owner would see them. */
async function settled() {
  await waitFor(() => {
    expect(queryClient.getQueryData(ownerKeys.limits())).toBeDefined();
    expect(queryClient.getQueryData(ownerKeys.widgets())).toBeDefined();
  });
}

async function openCreateDialog() {
  await settled();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Create News Post' }));
  return screen.findByRole('dialog', { name: 'Create News Post' });
}

beforeEach(() => {
  sent.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('NewsPage', () => {
  test('a new post starts with no widget chosen, the 📢 icon, no link, and published', async () => {
    serve();
    renderPage('/news');
    const dialog = await openCreateDialog();
    const select = within(dialog).getByLabelText('Widget');
    expect(select).toBeEnabled();
    expect(dialog.querySelector('.ant-select-placeholder')).toHaveTextContent('Select a widget');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('');
    expect(within(dialog).getByLabelText('Content')).toHaveValue('');
    expect(within(dialog).getByLabelText('Link (optional)')).toHaveValue('');
    expect(within(dialog).getByRole('radio', { name: 'Megaphone' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Published' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Draft' })).not.toBeChecked();
  });

  test('every icon of docs/product.md §5 is a named choice', async () => {
    serve();
    renderPage('/news');
    const dialog = await openCreateDialog();
    const icons = within(within(dialog).getByRole('group', { name: 'Icon' })).getAllByRole('radio');
    expect(icons.map((radio) => (radio as HTMLInputElement).value)).toEqual([...NEWS_ICONS]);
    for (const icon of NEWS_ICONS) {
      expect(within(dialog).getByRole('radio', { name: NEWS_ICON_NAMES[icon] })).toHaveAttribute('value', icon);
    }
    expect(new Set(Object.values(NEWS_ICON_NAMES)).size).toBe(NEWS_ICONS.length);
  });

  test("an empty form shows the schema's messages and sends nothing", async () => {
    serve();
    renderPage('/news');
    const dialog = await openCreateDialog();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create Post' }));
    expect(await within(dialog).findByText('Please select a widget')).toBeInTheDocument();
    expect(within(dialog).getByText('Title must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Content must be at least 10 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  test('?widget= preselects the widget and disables the select; the post is sent for that widget', async () => {
    serve();
    renderPage('/news?widget=w2');
    const dialog = await openCreateDialog();
    expect(within(dialog).getByLabelText('Widget')).toBeDisabled();
    expect(dialog.querySelector('.ant-select-content')).toHaveTextContent('Blog');

    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Title'), 'Hello');
    await user.type(within(dialog).getByLabelText('Content'), 'Ten or more characters');
    await user.click(within(dialog).getByRole('radio', { name: 'Rocket' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Post' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/post',
      body: {
        widgetId: 'w2',
        title: 'Hello',
        content: 'Ten or more characters',
        icon: '🚀',
        link: null,
        status: 'published',
      },
    });
    expect(await screen.findByText('News post created')).toBeInTheDocument();
  });

  test('Edit fills the form from the post', async () => {
    serve({ posts: [POST] });
    renderPage('/news');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit We shipped dark mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit News Post' });
    expect(dialog.querySelector('.ant-select-content')).toHaveTextContent('Blog');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('We shipped dark mode');
    expect(within(dialog).getByLabelText('Content')).toHaveValue('Dark mode is here for everyone.');
    expect(within(dialog).getByLabelText('Link (optional)')).toHaveValue('javascript:alert(1)');
    expect(within(dialog).getByRole('radio', { name: 'Fire' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Draft' })).toBeChecked();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  test('a link that is not http(s) shows the message on the field and is not sent; a fixed one is', async () => {
    serve({ posts: [POST] });
    renderPage('/news');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit We shipped dark mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit News Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(NEWS_LINK_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([]);

    const link = within(dialog).getByLabelText('Link (optional)');
    await user.clear(link);
    await user.type(link, 'https://example.com/dark-mode');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ link: 'https://example.com/dark-mode' });
  });

  test('the table shows title, status and widget name as text', async () => {
    serve({ posts: [POST, { ...POST, _id: 'p2', title: 'Second', status: 'published', widgetId: 'gone' }] });
    renderPage('/news');
    const draftRow = (await screen.findByText('We shipped dark mode')).closest('tr') as HTMLElement;
    expect(within(draftRow).getByText('Draft')).toBeInTheDocument();
    expect(within(draftRow).getByText('Blog')).toBeInTheDocument();
    const publishedRow = screen.getByText('Second').closest('tr') as HTMLElement;
    expect(within(publishedRow).getByText('Published')).toBeInTheDocument();
    expect(within(publishedRow).getByText('Unknown Widget')).toBeInTheDocument();
  });

  test('at the post limit Create is disabled, says why and links to the upgrade', async () => {
    serve({ limits: { ...LIMITS, canCreatePost: false, postCount: 1 } });
    renderPage('/news');
    await settled();
    const create = screen.getByRole('button', { name: 'Create News Post' });
    await waitFor(() => expect(create).toBeDisabled());
    expect(create).toHaveAccessibleDescription('Limit reached · Upgrade to Pro');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Upgrade to Pro' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/checkout?plan=pro'),
    );
  });

  test('below the limit Create is enabled, with no upgrade beside it', async () => {
    serve();
    renderPage('/news');
    await settled();
    expect(screen.getByRole('button', { name: 'Create News Post' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: /^Upgrade to/ })).toBeNull();
  });

  test('a 403 on save shows the limit toast, with the upgrade', async () => {
    serve({ createStatus: 403, widgets: [widget('w1', 'Shop')] });
    renderPage('/news');
    const dialog = await openCreateDialog();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Title'), 'Hello');
    await user.type(within(dialog).getByLabelText('Content'), 'Ten or more characters');
    await user.click(within(dialog).getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Limit reached')).toBeInTheDocument();
    expect(screen.getByText("You've reached the maximum number of posts (1) for your Free plan.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/checkout?plan=pro'),
    );
  });

  test('with no widget the dialog points to /widgets instead of showing a form', async () => {
    serve({ widgets: [] });
    renderPage('/news');
    expect(await screen.findByText('No news posts created yet.')).toBeInTheDocument();
    const dialog = await openCreateDialog();
    expect(within(dialog).queryByRole('form')).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('link', { name: 'Create a widget first' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/widgets'));
  });

  test('Delete asks first, then deletes', async () => {
    serve({ posts: [POST] });
    renderPage('/news');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete We shipped dark mode' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete news post' });
    expect(sent).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: '/api/post/p1', body: null }]));
    expect(await screen.findByText('News post deleted')).toBeInTheDocument();
  });
});
