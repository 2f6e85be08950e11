// @vitest-environment jsdom
import '../../../testing/setup';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Widget } from '../../../../../shared/api';
import { widget } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ChangelogLinks } from './changelog-links';

const SHOP = widget('w1', 'Shop');
const DOCS = widget('w2', 'Docs');
const NO_NEWS: Widget = { ...widget('w3', 'Feedback only'), enabledTabs: ['feedback'] };
const TURNED_OFF: Widget = { ...widget('w4', 'Private'), publicChangelog: false };
const ALL = [SHOP, DOCS, NO_NEWS, TURNED_OFF];

const links = () => screen.queryAllByRole('link').map((link) => link.getAttribute('aria-label'));

describe('ChangelogLinks', () => {
  test('links each widget whose changelog is live, in a new tab without opener', () => {
    renderWithProviders(<ChangelogLinks widgets={ALL} widgetId={null} />);
    expect(screen.getByText('Public changelogs:')).toBeInTheDocument();
    expect(links()).toEqual([
      'Public changelog of Shop (opens in a new tab)',
      'Public changelog of Docs (opens in a new tab)',
    ]);
    const shop = screen.getByRole('link', { name: 'Public changelog of Shop (opens in a new tab)' });
    expect(shop).toHaveAttribute('href', 'http://localhost/changelog/key-w1');
    expect(shop).toHaveAttribute('target', '_blank');
    expect(shop).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('filtered by a widget: only its page', () => {
    renderWithProviders(<ChangelogLinks widgets={ALL} widgetId="w2" />);
    expect(screen.getByText('Public changelog:')).toBeInTheDocument();
    expect(links()).toEqual(['Public changelog of Docs (opens in a new tab)']);
  });

  test.each([
    ['a widget without News', 'w3'],
    ['a widget with its changelog off', 'w4'],
  ])('nothing for %s', (_, id) => {
    const { container } = renderWithProviders(<ChangelogLinks widgets={ALL} widgetId={id} />);
    expect(links()).toEqual([]);
    expect(container.querySelector('.tb-changelog-links')).toBeNull();
  });

  test('nothing while the widgets load', () => {
    renderWithProviders(<ChangelogLinks widgets={undefined} widgetId={null} />);
    expect(links()).toEqual([]);
  });
});
