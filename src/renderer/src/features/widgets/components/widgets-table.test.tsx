// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Installation, Widget } from '../../../../../shared/api';
import { useSessionStore } from '../../../stores/session-store';
import { widget } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { mockWindowWidth, type WindowWidth } from '../../../testing/window-width';
import { WidgetsTable, type WidgetsTableProps } from './widgets-table';

const HOSTS: Installation[] = ['shop.example.com', 'blog.example.com'].map((host) => ({
  host,
  createdAt: '2026-11-02T10:00:00.000Z',
}));
const SHOP: Widget = { ...widget('w1', 'Shop'), installations: HOSTS, installationCount: 2 };
const BLOG: Widget = { ...widget('w2', 'Blog'), active: false };

const fetchMock = vi.fn<typeof fetch>();
let screenWidth: WindowWidth | undefined;

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify({ success: true, installations: HOSTS, nextCursor: null }))),
  );
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
});
afterEach(() => {
  screenWidth?.restore();
  vi.unstubAllGlobals();
});

function renderAt(width: number) {
  screenWidth = mockWindowWidth(width);
  const props: WidgetsTableProps = {
    widgets: [SHOP, BLOG],
    loading: false,
    limits: { plan: 'pro', maxInstallationsPerWidget: 3 },
    removingHost: null,
    onEdit: vi.fn(),
    onSnippet: vi.fn(),
    onDelete: vi.fn(),
    onRemoveInstallation: vi.fn(),
  };
  renderWithProviders(<WidgetsTable {...props} />);
  return props;
}

const cards = () => within(screen.getByRole('list', { name: 'My Widgets' })).getAllByRole('listitem');

describe('WidgetsTable below 768 px', () => {
  test('is a card per widget with its status, site key, age and every action, each for its widget', async () => {
    const props = renderAt(375);
    const user = userEvent.setup();
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards()).toHaveLength(2);
    const [shop, blog] = cards() as [HTMLElement, HTMLElement];

    expect(within(shop).getByText('Active')).toBeInTheDocument();
    expect(within(blog).getByText('Inactive')).toBeInTheDocument();
    expect(within(shop).getByText('key-w1')).toBeInTheDocument();
    expect(within(shop).getByText('Created')).toBeInTheDocument();

    await user.click(within(shop).getByRole('button', { name: 'Edit Shop' }));
    expect(props.onEdit).toHaveBeenCalledWith(SHOP);
    await user.click(within(shop).getByRole('button', { name: 'Snippet of Shop' }));
    expect(props.onSnippet).toHaveBeenCalledWith(SHOP);
    await user.click(within(blog).getByRole('button', { name: 'Delete Blog' }));
    expect(props.onDelete).toHaveBeenCalledWith(BLOG);
    expect(within(shop).getByRole('button', { name: 'Copy site key of Shop' })).toBeInTheDocument();
  });

  test('the actions are full-size buttons, not the small ones of a table row', () => {
    renderAt(375);
    for (const button of within(cards()[0] as HTMLElement).getAllByRole('button')) {
      expect(button).not.toHaveClass('ant-btn-sm');
    }
  });

  test('a card unfolds to its installations, each with Remove, and folds again', async () => {
    const props = renderAt(375);
    const user = userEvent.setup();
    const shop = cards()[0] as HTMLElement;
    const toggle = within(shop).getByRole('button', { name: 'Show installations (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Installations of Shop' })).toBeNull();

    await user.click(toggle);
    const panel = screen.getByRole('region', { name: 'Installations of Shop' });
    expect(shop).toContainElement(panel);
    expect(within(shop).getByRole('button', { name: 'Hide installations' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByText('2 of 3 installations used (Pro plan)')).toBeInTheDocument();
    const remove = within(panel).getByRole('button', { name: 'Remove blog.example.com' });
    expect(remove).not.toHaveClass('ant-btn-sm');
    await user.click(remove);
    expect(props.onRemoveInstallation).toHaveBeenCalledWith(SHOP, 'blog.example.com');

    await user.click(within(shop).getByRole('button', { name: 'Hide installations' }));
    expect(screen.queryByRole('region', { name: 'Installations of Shop' })).toBeNull();
  });
});

describe('WidgetsTable from 768 px', () => {
  const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

  test('from 768 to 1279 px the name carries its key, status and age; the actions stay', () => {
    renderAt(900);
    expect(headers()).toEqual(['', 'Name', 'Actions']);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('key-w1')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    for (const name of ['Edit Shop', 'Snippet of Shop', 'Delete Shop', 'Copy site key of Shop', 'Expand row']) {
      expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  test('from 1280 px the columns of docs/product.md §2 are each their own', () => {
    renderAt(1280);
    expect(headers()).toEqual(['', 'Name', 'Site Key', 'Created', 'Status', 'Actions']);
  });
});
